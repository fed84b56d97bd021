import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { setCurrentGameId } from '../../api/current-game-id.ts';
import { notifyError } from '../../api/notify-error.ts';
import { useResultsChannel } from '../../realtime/use-results-channel.ts';
import { useServerNow } from '../game/use-server-now.ts';

/** "play again" with the same partner: open once the shared countdown has run out (§4) */
export function RematchPanel({
  gameId,
  me,
  partnerName,
}: {
  gameId: string;
  me: string;
  partnerName: string | null;
}) {
  const navigate = useNavigate();
  const channel = useResultsChannel(gameId, me, true, (id) => {
    setCurrentGameId(id);
    navigate('/game');
  });
  const now = useServerNow(channel.countdown?.offset ?? 0, channel.countdown?.startsAt ?? null);
  const [sending, setSending] = useState(false);
  const partner = partnerName ?? 'your partner';
  const Partner = partnerName ?? 'Your partner';

  const secondsLeft = channel.countdown
    ? Math.max(0, Math.ceil((channel.countdown.startsAt - now) / 1000))
    : null;
  const open = secondsLeft === 0 && !channel.partnerGone && channel.error === null;
  const waitingForPartner = channel.asked && !channel.partnerAsked;

  async function playAgain() {
    setSending(true);
    try {
      await channel.playAgain();
    } catch (err) {
      notifyError(err, 'Could not ask for a rematch');
    } finally {
      setSending(false);
    }
  }

  let label = 'Play again';
  if (open && waitingForPartner) label = `Waiting for ${partner}…`;
  else if (secondsLeft !== null && secondsLeft > 0) label = `Play again in ${secondsLeft}`;

  let note: string;
  if (channel.error) note = channel.error;
  else if (channel.partnerGone) note = `${Partner} has left.`;
  else if (!channel.countdown) note = `Waiting for ${partner} to see the results…`;
  else if (channel.partnerAsked && !channel.asked) note = `${Partner} wants a rematch!`;
  else if (waitingForPartner) note = `Waiting for ${partner} to say yes…`;
  else note = 'Same partner, roles swapped.';

  return (
    <Stack gap="xs" w="100%" data-rematch={channel.partnerAsked && !channel.asked ? 'invited' : undefined}>
      <Text
        fw={700}
        fz="sm"
        c={channel.error ? 'red.7' : channel.partnerAsked && !channel.asked ? 'ink.7' : 'dimmed'}
        role="status"
        aria-live="polite"
      >
        {note}
      </Text>
      <Button
        size="lg"
        fullWidth
        onClick={() => void playAgain()}
        disabled={!open || waitingForPartner}
        loading={sending}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {label}
      </Button>
      <Button component={Link} to="/" variant="light" fullWidth>
        {channel.partnerGone ? 'Find a new partner' : 'Back to home'}
      </Button>
    </Stack>
  );
}
