import {
  type AskAnswer,
  askSchema,
  type DueWords,
  type LearningProgress,
  learningQuery,
  type PractiseAgain,
  practiseAgainSchema,
  type SpeakerNotes,
  speakerNotesQuery,
} from '@sayspell/core/protocol/learning';
import type { FastifyInstance } from 'fastify';
import type { GameService } from '../games/game-service.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { createBeeAsks } from '../learning/bee-asks.ts';
import type { LearningService } from '../learning/learning-service.ts';
import type { GameAudio } from '../providers/tts/game-audio.ts';
import { sendSpeech, speechError } from './speech-routes.ts';

// the learning loop's routes for the web: due words and the streak, the progress page, 'practise
// these again' and the spelling bee's asks

export function learningRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    learning: LearningService;
    games: Pick<GameService, 'get' | 'audioWord'>;
    /** the game's own speech lane: spoken answers are rendered there, never in the public cache */
    speech: Pick<GameAudio, 'get'>;
  },
) {
  const { authenticate, learning } = deps;
  const asks = createBeeAsks({ learning, games: deps.games, speech: deps.speech });
  app.get('/v1/learning/due', async (req): Promise<DueWords> => {
    const me = await authenticate(req);
    const { language } = parse(learningQuery, req.query ?? {}, 'query');
    const [player, due, streak] = await Promise.all([
      learning.playerRating(me.userId),
      learning.dueCount(me.userId, language),
      learning.streak(me.userId),
    ]);
    return { due, rating: Math.round(player.rating), streak };
  });

  // every word the player met with its counts and schedule (at most 500, due soonest first)
  app.get('/v1/learning/words', async (req) => {
    const me = await authenticate(req);
    const { language } = parse(learningQuery, req.query ?? {}, 'query');
    return { words: await learning.wordsOf(me.userId, language) };
  });

  app.get('/v1/learning/progress', async (req): Promise<LearningProgress> => {
    const me = await authenticate(req);
    const { language } = parse(learningQuery, req.query ?? {}, 'query');
    return learning.progress(me.userId, language);
  });

  // the results page's 'Practise these again': the game's missed words are due first
  app.post('/v1/learning/practise-again', async (req): Promise<PractiseAgain> => {
    const me = await authenticate(req);
    const { gameId } = parse(practiseAgainSchema, req.body);
    const game = await deps.games.get(gameId, me.userId);
    return { due: await learning.practiseAgain(me.userId, game) };
  });

  // partnered play: what the speaker reads out when the speller asks (the speaker's own word)
  app.get('/v1/learning/speaker-notes', async (req, reply): Promise<SpeakerNotes> => {
    const me = await authenticate(req);
    const { gameId, index } = parse(speakerNotesQuery, req.query ?? {}, 'query');
    const notes = await asks.speakerNotes(me.userId, gameId, index);
    // the word's notes: never kept by a browser or a proxy
    reply.header('Cache-Control', 'no-store');
    return notes;
  });

  // a text answer as json; a spoken one as the game voice's audio (never its text)
  app.post('/v1/learning/ask', async (req, reply) => {
    const me = await authenticate(req);
    const input = parse(askSchema, req.body);
    const answer = await asks.ask(me.userId, input).catch(speechError);
    if ('audio' in answer) return sendSpeech(reply, answer.audio, 'no-store');
    return answer satisfies AskAnswer;
  });
}
