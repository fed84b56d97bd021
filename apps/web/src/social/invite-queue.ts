import type { InviteView } from '@sayspell/core/protocol/social';

// the receiver's pending invites (§4): one per sender (a newer one replaces the older), oldest
// first; the answers the spec gives to "accept all", "decline", "decline all" and choosing one

export type InviteQueue = InviteView[];

export function addInvite(queue: InviteQueue, invite: InviteView): InviteQueue {
  return [...queue.filter((i) => i.user._id !== invite.user._id && i._id !== invite._id), invite];
}

export function removeInvite(queue: InviteQueue, inviteId: string): InviteQueue {
  return queue.filter((i) => i._id !== inviteId);
}

export interface Answer {
  inviteId: string;
  response: boolean;
}

/** accept all: true only to the most recent, false to the rest */
export function acceptAll(queue: InviteQueue): Answer[] {
  return queue.map((i, n) => ({ inviteId: i._id, response: n === queue.length - 1 }));
}

/** decline (one popup): refuses the most recent */
export function declineLatest(queue: InviteQueue): Answer[] {
  const last = queue[queue.length - 1];
  return last ? [{ inviteId: last._id, response: false }] : [];
}

export function declineAll(queue: InviteQueue): Answer[] {
  return queue.map((i) => ({ inviteId: i._id, response: false }));
}

/** accepting or declining one chosen invite refuses the others */
export function answerOne(queue: InviteQueue, inviteId: string, response: boolean): Answer[] {
  const chosen = { inviteId, response };
  return [
    chosen,
    ...queue.filter((i) => i._id !== inviteId).map((i) => ({ inviteId: i._id, response: false })),
  ];
}

/** the role the receiver plays, as shown (§5): the sender's mirrored; Either shows nothing */
export function shownRole(senderRole: InviteView['role']): string {
  if (senderRole === 'Speaker') return 'Speller';
  if (senderRole === 'Speller') return 'Speaker';
  return '';
}

/**
 * what the receiver plays, read before accepting (issue 15 item 8): the sender's topic for My,
 * Trending and Enterprise Topics, otherwise the category (the part after the prefix, §3)
 */
export function shownTopic(invite: InviteView): { kind: string; name: string } {
  const topic = invite.settings.topic;
  if (!topic) return { kind: 'Category', name: invite.category };
  const name = topic.charAt(0).toUpperCase() + topic.slice(1);
  return { kind: invite.settings.category === 'category_enterprise' ? 'Enterprise topic' : 'Topic', name };
}
