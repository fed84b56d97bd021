import type {
  ChatMessage,
  InviteSettings,
  InviteView,
  OnlineUser,
  PeopleAnswer,
} from '@sayspell/core/protocol/social';
import { request } from '../api/client.ts';

// the social REST calls (§7); the socket events are in social-provider.tsx

export const fetchProfiles = (members: string[]) =>
  request<{ onlineUsers: OnlineUser[] }>('/v1/profiles', { method: 'POST', body: { members } });

export const fetchOnlineUsers = () => request<{ onlineUsers: OnlineUser[] }>('/v1/online-users');

/** friends, blocked players and unread chats, offline ones too */
export const fetchPeople = () => request<PeopleAnswer>('/v1/people');

export const fetchInvites = () =>
  request<{ received: InviteView[]; sent: { inviteId: string; to: string; expiresAt: number }[] }>(
    '/v1/invites',
  );

export const setFriend = (userId: string, friendId: string, friend: boolean) =>
  request<{ friends: string[] }>(friend ? '/v1/users/add-friend' : '/v1/users/remove-friend', {
    method: 'POST',
    body: { userId, friendId },
  });

export const setBlocked = (userIdOne: string, userIdTwo: string, blocked: boolean) =>
  request<{ iBlocked: string[]; blockedMe: string[] }>(
    blocked ? '/v1/users/block-user' : '/v1/users/unblock-user',
    { method: 'POST', body: { userIdOne, userIdTwo } },
  );

export const sendChat = (fromId: string, toId: string, message: string) =>
  request<ChatMessage>('/v1/send-chat', { method: 'POST', body: { fromId, toId, message } });

export const fetchChat = (id1: string, id2: string) =>
  request<{ messages: ChatMessage[] }>(`/v1/get-chat-messages?id1=${id1}&id2=${id2}`);

export const fetchUnread = () => request<{ counts: Record<string, number> }>('/v1/chat/unread');

export const markRead = (userId: string) => request('/v1/chat/read', { method: 'POST', body: { userId } });

export const reportUser = (user: string, userReported: string, message?: string) =>
  request('/v1/report-user', {
    method: 'POST',
    body: { user, userReported, ...(message ? { message } : {}) },
  });

export const flagContent = (user: string, content: string) =>
  request('/v1/flag-content', { method: 'POST', body: { user, content } });

export const sendFeedback = (user: string, subject: string, message: string) =>
  request<{ message: string }>('/v1/feedback', { method: 'POST', body: { user, subject, message } });

export type { InviteSettings };
