import multipart from '@fastify/multipart';
import {
  SPEECH_TO_TEXT_MAX_BYTES,
  SPEECH_TO_TEXT_MAX_SECONDS,
  type SpeechCheckAnswer,
  speechToTextFieldsSchema,
} from '@sayspell/core/protocol/speech';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';
import type { GameService } from '../games/game-service.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { type CheckBudget, createCheckBudget } from '../providers/stt/check-budget.ts';
import { type SpeechRecognizer, SttError } from '../providers/stt/types.ts';
import { WavError, wavTo16kMono } from '../providers/stt/wav.ts';

// POST /v1/google/speech-to-text: the speaker's recording of the word they are to say, checked on
// the server. the server chooses the word (the game's current one), never the caller: a speller
// who could name candidate words would rank them against the game's audio (issue 13). multipart
// is registered inside this plugin only, so every other route keeps taking JSON alone.

const FORM_HINT =
  'Send the recording as multipart/form-data with the file field "wavfile" and the text field "gameId".';
const TOO_LARGE = `The recording is too large: at most ${SPEECH_TO_TEXT_MAX_BYTES / (1024 * 1024)} MB.`;

export interface SpeechToTextDeps {
  authenticate: Authenticate;
  stt: SpeechRecognizer | undefined;
  /** the word bank's homonyms of a word, which count as saying it */
  homophonesOf(word: string): Promise<string[]>;
  /** the current word of a game in play whose speaker is the user; a DomainError otherwise */
  speakerTurn(gameId: string, userId: string): Promise<{ word: string; index: number }>;
  budget?: CheckBudget;
}

/** the speaker's current turn, from the game service's own view of the game for that user */
export function speakerTurnOf(games: Pick<GameService, 'get'>): SpeechToTextDeps['speakerTurn'] {
  return async (gameId, userId) => {
    const view = await games.get(gameId, userId);
    if (view.speaker?._id !== userId) {
      throw new DomainError(
        'FORBIDDEN',
        "Only the game's speaker can check a pronunciation: the check is for the word you say.",
      );
    }
    if (view.status !== 'started' || !view.current?.word) {
      throw new DomainError('NOT_STARTED', 'This game is not in play, so there is no word to check.');
    }
    return { word: view.current.word, index: view.current.index };
  };
}

export async function speechToTextRoutes(app: FastifyInstance, deps: SpeechToTextDeps) {
  const budget = deps.budget ?? createCheckBudget();
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: SPEECH_TO_TEXT_MAX_BYTES,
        files: 1,
        fields: 6,
        fieldSize: 1024,
        parts: 8,
        headerPairs: 50,
      },
    });

    scope.post('/v1/google/speech-to-text', async (req): Promise<SpeechCheckAnswer> => {
      const { userId } = await deps.authenticate(req);
      if (!budget.take(userId)) {
        const wait = budget.retryAfterSeconds(userId);
        throw new DomainError(
          'RATE_LIMITED',
          `Too many pronunciation checks. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
        );
      }
      const { wav, fields } = await readForm(req);
      const form = parse(speechToTextFieldsSchema, fields, 'form');
      if (!wav) throw new DomainError('BAD_AUDIO', `The recording is missing. ${FORM_HINT}`);
      const { word, index } = await deps.speakerTurn(form.gameId, userId);
      // the turn moved on while the speaker was recording: checking the new word would mislead
      if (
        (form.index !== undefined && form.index !== index) ||
        (form.word !== undefined && form.word !== word)
      ) {
        throw new DomainError('WRONG_WORD', 'The word has changed since you recorded. Check the new word.');
      }
      let pcm: Int16Array;
      try {
        pcm = wavTo16kMono(wav, { maxDurationMs: SPEECH_TO_TEXT_MAX_SECONDS * 1000 });
      } catch (err) {
        if (err instanceof WavError) throw new DomainError('BAD_AUDIO', err.message);
        throw err;
      }
      const stt = deps.stt;
      if (!stt)
        throw new DomainError('STT_UNAVAILABLE', 'Speech recognition is not available on this server.');
      const homophones = (await deps.homophonesOf(word)).filter((h) => h !== word);
      try {
        const result = await stt.check(pcm, { word, homophones });
        return { data: { ...result, provider: stt.name } };
      } catch (err) {
        if (err instanceof SttError) {
          throw new DomainError(err.code === 'BAD_WORD' ? 'BAD_WORD' : 'STT_UNAVAILABLE', err.message);
        }
        throw err;
      }
    });
  });
}

/** the recording and the text fields; every malformed or oversized form is a 4xx with a sentence */
async function readForm(req: FastifyRequest): Promise<{ wav?: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new DomainError('BAD_REQUEST', FORM_HINT);
  const fields: Record<string, string> = {};
  let wav: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'wavfile') {
          throw new DomainError(
            'BAD_REQUEST',
            `Unexpected file field "${part.fieldname.slice(0, 40)}". ${FORM_HINT}`,
          );
        }
        wav = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    if (code === 'FST_FILES_LIMIT')
      throw new DomainError('BAD_REQUEST', `Send one recording only. ${FORM_HINT}`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new DomainError('BAD_REQUEST', `The form has too many fields. ${FORM_HINT}`);
    }
    // busboy's own errors (a cut-off body, a broken boundary) carry no status
    throw new DomainError('BAD_REQUEST', `The form data could not be read. ${FORM_HINT}`);
  }
  return { ...(wav ? { wav } : {}), fields };
}
