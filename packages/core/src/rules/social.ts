import { NAME_TRUNCATION } from '../constants.ts';
// the §5 rules of invites and the online list, pure and without zod (the web's first load uses them)

/** names in invites: upper case, at most 15 characters (13 and an ellipsis) (§5) */
export function inviteName(name: string, max = NAME_TRUNCATION): string {
  const upper = name.toUpperCase();
  return upper.length > max ? `${upper.slice(0, max - 2)}...` : upper;
}

/** the role the receiver plays: the sender's mirrored (§4) */
export function mirroredRole(role: string): 'speaker' | 'speller' | 'either' {
  const r = role.toLowerCase();
  return r === 'speaker' ? 'speller' : r === 'speller' ? 'speaker' : 'either';
}

/** online users: friends first, then by username (§5) */
export function sortOnlineUsers<T extends { friend: boolean; username: string }>(list: T[]): T[] {
  return [...list].sort(
    (a, b) =>
      Number(b.friend) - Number(a.friend) ||
      a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }),
  );
}
