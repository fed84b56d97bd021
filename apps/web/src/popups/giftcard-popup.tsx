import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  GIFT_CARD_MIN_AVERAGE,
  GIFT_CARD_MIN_TOPICS,
  GIFT_CARD_MIN_WORDS_PER_GAME,
  GIFT_CARDS,
} from '@sayspell/core/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../components/line-icon.tsx';

// the gift-card promotion (§4): shown to registered players until they dismiss it; the
// dismissal is remembered as a timestamp under the spec's local-storage key
export const GIFTCARD_SHOW_KEY = 'giftcardShow';

const dismissed = () => localStorage.getItem(GIFTCARD_SHOW_KEY) !== null;
const first = GIFT_CARDS[0];

export function GiftCardPopup({ isGuest }: { isGuest: boolean }) {
  const [open, setOpen] = useState(() => !dismissed());
  const close = () => {
    localStorage.setItem(GIFTCARD_SHOW_KEY, String(Date.now()));
    setOpen(false);
  };
  // guests never see it (§6)
  if (isGuest) return null;
  return (
    <Modal
      opened={open}
      onClose={close}
      centered
      radius="lg"
      title="Win a gift card!"
      styles={{ title: { fontWeight: 800, fontSize: '1.15rem' } }}
    >
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="yellow" variant="light" aria-hidden="true">
          <LineIcon
            d="M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9c-2-5-6-4-6-2s3 2 6 2c3 0 6 0 6-2s-4-3-6 2"
            size={34}
          />
        </ThemeIcon>
        <Text>
          Play {first.soloTarget} solo or {first.partneredTarget} partnered games, spell{' '}
          {GIFT_CARD_MIN_WORDS_PER_GAME} or more words in each, try {GIFT_CARD_MIN_TOPICS} topics and keep an{' '}
          {Math.round(GIFT_CARD_MIN_AVERAGE * 100)}% average: a gift card is yours.
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/giftcards" onClick={close}>
            See my progress
          </Button>
          <Button variant="light" onClick={close}>
            Maybe later
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
