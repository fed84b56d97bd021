import type { VoiceSettings } from '@sayspell/core/protocol/account';
import { DomainError } from '../errors.ts';
import type { VoiceInfo } from '../providers/tts/types.ts';
import type { Users } from './users.ts';
import type { VoiceRepository } from './voice-repository.ts';

// the app's voice and speed a player chose (issue 15 item 9): kept per account, used for the solo
// word audio, the words the app says when the call drops, and the spoken texts (word of the day)

export function createVoiceSettings(deps: {
  users: Users;
  repo: VoiceRepository;
  /** the voices the speech provider really has, of one language or all */
  voices(language?: string): Promise<VoiceInfo[]>;
}) {
  const { repo } = deps;

  return {
    get: (userId: string) => repo.ofUser(userId),

    async save(userId: string, settings: VoiceSettings): Promise<VoiceSettings> {
      const user = await deps.users.byId(userId);
      if (user.role === 'guest')
        throw new DomainError('FORBIDDEN', 'This needs a registered account. Sign up to keep it.');
      if (settings.voice !== null) {
        const known = await deps.voices();
        if (!known.some((v) => v.id === settings.voice)) {
          throw new DomainError(
            'BAD_VOICE',
            `There is no voice "${settings.voice}" here. Choose one of: ${known.map((v) => v.id).join(', ')}.`,
          );
        }
      }
      return repo.save(user.id, settings);
    },

    /**
     * the voice a game's word is said in: the speller's choice when it speaks the game's language
     * (an English voice does not read Spanish words), else the default voice; the speed always
     */
    async forGame(gameId: string): Promise<{ voice?: string; rate: number } | undefined> {
      const found = await repo.ofGameSpeller(gameId);
      if (!found) return undefined;
      const { voice, rate } = found.voice;
      if (voice === null) return { rate };
      const fits = (await deps.voices(found.language)).some((v) => v.id === voice);
      return fits ? { voice, rate } : { rate };
    },
  };
}

export type VoiceSettingsService = ReturnType<typeof createVoiceSettings>;
