// the query key of GET /v1/people (my friends, blocked players and unread chats), apart so that the
// stores that change those ties (a heart, a block) can mark it stale without importing the hook

export const peopleKey = ['people'] as const;
