import {
  addWordSchema,
  homonymPairSchema,
  type PronunciationAnswer,
  pronunciationQuerySchema,
  removeWordSchema,
  wordOfTheDaySchema,
} from '@sayspell/core/protocol/words';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireRole } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import type { Pronunciations } from '../words/pronunciations.ts';
import type { WordAdminService } from '../words/word-admin-service.ts';
import type { WordOfTheDayService } from '../words/word-of-the-day.ts';

// word data (§7): the admin word tools, the word of the day and the IPA lookup by spelling

export function wordRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    wordAdmin: WordAdminService;
    wordOfTheDay: WordOfTheDayService;
    pronunciations: Pronunciations;
  },
) {
  const { authenticate, wordAdmin } = deps;

  app.post('/v1/add-word', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    return wordAdmin.addWord(me.userId, parse(addWordSchema, req.body));
  });
  app.post('/v1/remove-word', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    return wordAdmin.removeWord(me.userId, parse(removeWordSchema, req.body));
  });
  app.post('/v1/add-homonym', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    return wordAdmin.addHomonym(me.userId, parse(homonymPairSchema, req.body));
  });
  app.post('/v1/remove-homonym', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    return wordAdmin.removeHomonym(me.userId, parse(homonymPairSchema, req.body));
  });
  app.get('/v1/admin/word-audit', async (req) => {
    requireRole(await authenticate(req), 'admin');
    return { entries: await wordAdmin.auditTrail() };
  });

  app.post('/v1/ai/word-of-the-day', async (req) => {
    const { date } = parse(wordOfTheDaySchema, req.body);
    return deps.wordOfTheDay.forDate(date);
  });

  app.get('/v1/words/pronunciation', async (req): Promise<PronunciationAnswer> => {
    const { word } = parse(pronunciationQuerySchema, req.query, 'query');
    const found = await deps.pronunciations.lookup(word);
    return { word, ipa: found?.ipa ?? null };
  });
}
