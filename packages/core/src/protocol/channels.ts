// the spec's real-time channel names (§7) and their parsing

export const channels = {
  game: (gameId: string) => `presence-game-${gameId}`,
  results: (gameId: string) => `presence-results-${gameId}`,
  matching: 'presence-matching',
  users: 'presence-users',
  presence: 'presence-channel',
  user: (userId: string) => `private-${userId}`,
  invite: (userId: string) => `private-invite-${userId}`,
} as const;

export type ParsedChannel =
  | { kind: 'game' | 'results'; gameId: string }
  | { kind: 'matching' | 'users' | 'presence' }
  | { kind: 'user' | 'invite'; userId: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const patterns: [RegExp, (m: RegExpMatchArray) => ParsedChannel][] = [
  [new RegExp(`^presence-game-(${UUID})$`), (m) => ({ kind: 'game', gameId: m[1]! })],
  [new RegExp(`^presence-results-(${UUID})$`), (m) => ({ kind: 'results', gameId: m[1]! })],
  [/^presence-matching$/, () => ({ kind: 'matching' })],
  [/^presence-users$/, () => ({ kind: 'users' })],
  [/^presence-channel$/, () => ({ kind: 'presence' })],
  [new RegExp(`^private-invite-(${UUID})$`), (m) => ({ kind: 'invite', userId: m[1]! })],
  [new RegExp(`^private-(${UUID})$`), (m) => ({ kind: 'user', userId: m[1]! })],
];

export function parseChannel(name: string): ParsedChannel | null {
  for (const [re, build] of patterns) {
    const m = name.match(re);
    if (m) return build(m);
  }
  return null;
}
