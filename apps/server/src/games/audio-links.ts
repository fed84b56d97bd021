import { createHmac, timingSafeEqual } from 'node:crypto';

// the current word's audio is fetched by an opaque link: an hmac of (game, turn) under the
// server secret. nothing in it names the word, and it stops working once the turn is over.

export function createAudioLinks(secret: string) {
  const tokenFor = (gameId: string, index: number) =>
    createHmac('sha256', secret).update(`audio:${gameId}:${index}`).digest('base64url').slice(0, 32);

  return {
    url: (gameId: string, index: number) => `/v1/game/${gameId}/audio/${tokenFor(gameId, index)}`,
    matches(gameId: string, index: number, token: string): boolean {
      const want = Buffer.from(tokenFor(gameId, index));
      const got = Buffer.from(token);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

export type AudioLinks = ReturnType<typeof createAudioLinks>;
