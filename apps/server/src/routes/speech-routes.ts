import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import type { SpeechAudio, TtsService, VoiceInfo } from '../providers/tts/create-tts.ts';
import { TtsError } from '../providers/tts/types.ts';

const ttsQuery = z.object({
  text: z
    .string({ error: 'text is required.' })
    .trim()
    .min(1, 'text must not be empty.')
    .max(200, 'text must be at most 200 characters.'),
});

const voicesQuery = z.strictObject({
  language: z.string().trim().min(1).max(40, 'language must be at most 40 characters.').optional(),
});

const factor = (what: string) =>
  z
    .number({ error: `${what} must be a number from 0.5 to 2.` })
    .min(0.5, `${what} must be at least 0.5.`)
    .max(2, `${what} must be at most 2.`);

/** POST /v1/google/text-to-speech-test (§7 {text, settings}) */
const ttsTestBody = z.strictObject({
  text: ttsQuery.shape.text,
  settings: z
    .strictObject({
      voice: z.string().trim().min(1, 'voice must not be empty.').max(64, 'voice is too long.').optional(),
      rate: factor('rate').optional(),
      pitch: factor('pitch').optional(),
    })
    .default({}),
});

// no header tells whether an answer came from a cache: the game's word must not be found by asking
// which texts the server has spoken lately
export function sendSpeech(reply: FastifyReply, audio: SpeechAudio, cache: 'no-store' | 'private') {
  return reply
    .header('Content-Type', audio.contentType)
    .header('Cache-Control', cache === 'no-store' ? 'no-store' : 'private, max-age=86400')
    .send(Buffer.from(audio.data));
}

/** a provider's error as an answer: the caller's mistake 400, busy or unreachable 503, broken 502 */
export function speechError(err: unknown): never {
  if (err instanceof TtsError) {
    const code = {
      BAD_TEXT: 'BAD_TEXT',
      BAD_VOICE: 'BAD_VOICE',
      RATE_LIMITED: 'RATE_LIMITED',
      UNAVAILABLE: 'UNAVAILABLE',
      TTS_FAILED: 'BAD_GATEWAY',
    } as const;
    throw new DomainError(code[err.code], err.message);
  }
  throw err;
}

export function speechRoutes(
  app: FastifyInstance,
  deps: {
    tts: TtsService;
    authenticate: Authenticate;
    /** the voice and speed the player chose (GET/PUT /v1/users/voice) */
    voiceOf(userId: string): Promise<{ voice: string | null; rate: number }>;
  },
) {
  // signed in, within the user's budget and the lane's bounds (providers/tts/public-gate.ts); in
  // the player's own voice and speed
  app.get('/v1/google/text-to-speech', async (req, reply) => {
    const me = await deps.authenticate(req);
    const { text } = parse(ttsQuery, req.query, 'query');
    const { voice, rate } = await deps.voiceOf(me.userId);
    const audio = await deps.tts.publicGate
      .run(me.userId, () =>
        deps.tts.speakWithSettings(text, { rate, ...(voice === null ? {} : { voice }) }).catch((err) => {
          // a voice the provider no longer has: the default one rather than no sound
          if (err instanceof TtsError && err.code === 'BAD_VOICE')
            return deps.tts.speak(text, undefined, { rate, pitch: 1 });
          throw err;
        }),
      )
      .catch(speechError);
    return sendSpeech(reply, audio, 'private');
  });

  // the voices of the active provider, for the settings page
  app.get('/v1/speech/voices', async (req): Promise<{ data: VoiceInfo[] }> => {
    const { language } = parse(voicesQuery, req.query ?? {}, 'query');
    return { data: await deps.tts.voices(language).catch(speechError) };
  });

  // a player tries a voice, speed and pitch; the public lane's bounded cache keeps the answer
  app.post('/v1/google/text-to-speech-test', async (req, reply) => {
    const me = await deps.authenticate(req);
    const { text, settings } = parse(ttsTestBody, req.body);
    const audio = await deps.tts.publicGate
      .run(me.userId, () => deps.tts.speakWithSettings(text, settings))
      .catch(speechError);
    return sendSpeech(reply, audio, 'no-store');
  });
}
