import { createHmac } from 'node:crypto';
import type { IceServer } from '@sayspell/core/protocol/call';

export interface CallConfig {
  limitSeconds: number;
  stunUrls: string[];
  turn?: { urls: string[]; secret: string };
}

/**
 * ICE servers for one player's call. TURN credentials follow coturn's REST API
 * (`use-auth-secret`): the username is "expiry:userId", the password its HMAC-SHA1 under the
 * shared secret, so coturn checks them without asking us and they stop working at the expiry.
 */
export function iceServersFor(config: CallConfig, userId: string, expiresAtMs: number): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turn) {
    const username = `${Math.floor(expiresAtMs / 1000)}:${userId}`;
    const credential = createHmac('sha1', config.turn.secret).update(username).digest('base64');
    servers.push({ urls: config.turn.urls, username, credential });
  }
  return servers;
}
