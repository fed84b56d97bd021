import { ChatPopup } from './chat-popup.tsx';
import { AwaitingPartner, BlockConfirm, InviteNotice, ReceivedInvites } from './invite-popups.tsx';

/** the social popups, on every page of a signed-in player */
export function SocialLayer() {
  return (
    <>
      <ReceivedInvites />
      <BlockConfirm />
      <AwaitingPartner />
      <InviteNotice />
      <ChatPopup />
    </>
  );
}
