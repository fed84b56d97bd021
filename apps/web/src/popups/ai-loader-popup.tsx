import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LetterTiles } from '../components/letter-tiles.tsx';
import classes from './ai-loader-popup.module.css';

// the AI-loader (§2): covers the screen while a custom game's words are generated and checked,
// which can take seconds with a real model. a failure keeps it open with the server's reason and
// a way back to the topic box.

/** the topic's first word as tiles: short enough for a phone */
function tileWord(topic: string): string {
  const first = topic.trim().split(/\s+/)[0] ?? '';
  const letters = first.replace(/[^\p{L}]/gu, '');
  return (letters || 'words').slice(0, 8);
}

export interface AiLoaderPopupProps {
  /** the topic being turned into a game; null when closed */
  topic: string | null;
  /** the server's message when the game could not be made */
  error: string | null;
  onTryAnother: () => void;
  onRetry: () => void;
}

export function AiLoaderPopup({ topic, error, onTryAnother, onRetry }: AiLoaderPopupProps) {
  const phone = useMediaQuery('(max-width: 610px)');
  const working = topic !== null && error === null;
  return (
    <Modal
      opened={topic !== null}
      onClose={onTryAnother}
      fullScreen={phone}
      size="lg"
      centered
      radius="lg"
      // while the words are being made there is nothing to cancel into
      withCloseButton={!working}
      closeOnEscape={!working}
      closeOnClickOutside={false}
      title={working ? 'Making your game' : 'That topic did not work'}
      styles={{ title: { fontWeight: 800, fontSize: '1.15rem' } }}
    >
      <Stack className={classes.stage} align="center" justify="center" gap="lg" py="xl">
        <div className={working ? classes.tiles : undefined}>
          <LetterTiles word={tileWord(topic ?? '')} size={phone ? 36 : 48} />
        </div>
        {working ? (
          <Stack gap={6} role="status" aria-live="polite" maw={420}>
            <Title order={2} fz="h3">
              Finding words about “{topic}”…
            </Title>
            <Text c="dimmed">
              Every word is checked against the dictionary before you play it. This can take a few seconds.
            </Text>
          </Stack>
        ) : (
          <Stack gap="md" align="center" maw={440}>
            <Text role="alert" fz="lg">
              {error}
            </Text>
            <Group justify="center" gap="sm">
              <Button onClick={onTryAnother}>Try another topic</Button>
              <Button variant="default" onClick={onRetry}>
                Try again
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
