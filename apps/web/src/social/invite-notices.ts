import type { InviteResponse } from '@sayspell/core/protocol/social';
import { inviteName } from '@sayspell/core/rules/social';

// what the sender is told when an invite comes to nothing (§4)

export interface Notice {
  title: string;
  message: string;
}

export function inviteNotice(answer: Pick<InviteResponse, 'type' | 'message'>, partner: string): Notice {
  const name = inviteName(partner);
  switch (answer.type) {
    case 'busy':
      return { title: 'Player is Busy', message: 'Player is Busy. Please try them later.' };
    case 'timeout':
      return {
        title: 'Invite timed out',
        message: 'No response to the invite so far. Try sending it again later.',
      };
    case 'failed':
      // accepted, but the game could not be made: the server says why
      return { title: 'The game could not start', message: answer.message ?? 'Please try again.' };
    case 'ingame':
      return {
        title: 'Player is in a game',
        message: `${name} is playing a game right now. Try them later.`,
      };
    default:
      return { title: 'Invite declined', message: `${name} declined your invite.` };
  }
}
