import { channels } from '@sayspell/core/protocol/channels';

// besides the spec's channels, each player of a game has an inner room of their own, so that the
// server can send every player their own view of the game through any adapter

export const playerRoom = (gameId: string, userId: string) => `${channels.game(gameId)}#${userId}`;
