import { AUDIO_TOKEN_PATH } from '@sayspell/core/constants';
import type { AudioToken } from '@sayspell/core/protocol/call';
import { request } from './client.ts';

/** the game's call: room, ICE servers and limit (§7 audio call token, "query id") */
export async function fetchAudioToken(gameId: string, uri = AUDIO_TOKEN_PATH): Promise<AudioToken> {
  const res = await request<{ data: AudioToken }>(`${uri}?id=${encodeURIComponent(gameId)}`);
  return res.data;
}
