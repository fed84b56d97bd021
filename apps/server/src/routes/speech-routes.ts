import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { parse } from '../http/validate.ts';
import type { SpeechAudio, TtsService } from '../providers/tts/create-tts.ts';

const ttsQuery = z.object({
  text: z
    .string({ error: 'text is required.' })
    .trim()
    .min(1, 'text must not be empty.')
    .max(200, 'text must be at most 200 characters.'),
});

export function sendSpeech(
  reply: FastifyReply,
  audio: SpeechAudio & { cached?: boolean },
  cache: 'no-store' | 'public',
) {
  return reply
    .header('X-Speech-Cache', audio.cached ? 'hit' : 'miss')
    .header('Content-Type', audio.contentType)
    .header('Cache-Control', cache === 'no-store' ? 'no-store' : 'public, max-age=86400')
    .send(Buffer.from(audio.data));
}

export function speechRoutes(app: FastifyInstance, deps: { tts: TtsService }) {
  app.get('/v1/google/text-to-speech', async (req, reply) => {
    const { text } = parse(ttsQuery, req.query, 'query');
    try {
      return sendSpeech(reply, await deps.tts.speak(text), 'public');
    } catch (err) {
      if ((err as { code?: string }).code === 'BAD_TEXT')
        throw new DomainError('BAD_TEXT', (err as Error).message);
      throw err;
    }
  });
}
