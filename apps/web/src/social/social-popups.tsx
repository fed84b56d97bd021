import { ChatPopup } from './chat-popup.tsx';
import { AwaitingPartner, BlockConfirm, InviteNotice, ReceivedInvites } from './invite-popups.tsx';

/** the social popups, each rendering nothing until it has something to show (social-layer.tsx) */
export function SocialPopups() {
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
