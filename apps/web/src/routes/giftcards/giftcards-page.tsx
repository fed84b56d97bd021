import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../api/auth.ts';
import { type GiftCardProgress, type GiftCards, giftCardsQuery } from '../../api/stats.ts';
import { CONDITIONS } from './giftcard-conditions.ts';

const CARD_NAMES: Record<GiftCardProgress['id'], string> = {
  first: 'First gift card',
  second: 'Second gift card',
};

/** /giftcards: progress toward each card and the four conditions (§9) */
export function GiftCardsPage() {
  const cards = useQuery(giftCardsQuery);
  const profile = useQuery(profileQuery);
  const isGuest = profile.data?.role === 'guest';

  return (
    <Box maw={960} mx="auto">
      <Stack gap={6} mb="lg">
        <Title order={1}>Gift cards</Title>
        <Text c="dimmed" maw={640}>
          Play your way to a gift card: reach the number of solo or partnered games while every condition
          below is met.
        </Text>
      </Stack>

      {isGuest && (
        <Alert color="ink" variant="light" radius="lg" mb="lg">
          You are playing as a guest: your progress is shown here, and gift cards go to registered players.
        </Alert>
      )}

      {cards.isError && (
        <Alert color="red" radius="lg" title="Your progress could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text>{cards.error.message}</Text>
            <Button onClick={() => void cards.refetch()}>Try again</Button>
          </Stack>
        </Alert>
      )}

      {cards.data && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {cards.data.cards.map((card) => (
              <CardProgress key={card.id} card={card} />
            ))}
          </SimpleGrid>
          <Conditions conditions={cards.data.conditions} />
        </Stack>
      )}
    </Box>
  );
}

function CardProgress({ card }: { card: GiftCardProgress }) {
  const name = CARD_NAMES[card.id];
  return (
    <Card aria-label={name} bg={card.earned ? 'teal.0' : undefined}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h3">
          {name}
        </Title>
        {/* whole on a narrow phone: the card's name wraps instead ("In progr…" did not fit) */}
        <Badge
          color={card.earned ? 'teal' : 'gray'}
          variant={card.earned ? 'filled' : 'light'}
          radius="xl"
          style={{ flexShrink: 0 }}
        >
          {card.earned ? 'Earned' : 'In progress'}
        </Badge>
      </Group>
      <Stack gap="md">
        <Meter label="Solo games" value={card.solo} target={card.soloTarget} />
        <Text fz="xs" fw={800} c="dimmed" ta="center" tt="uppercase" style={{ letterSpacing: '0.12em' }}>
          or
        </Text>
        <Meter label="Partnered games" value={card.partnered} target={card.partneredTarget} />
      </Stack>
    </Card>
  );
}

function Meter({ label, value, target }: { label: string; value: number; target: number }) {
  const shown = Math.min(value, target);
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text fw={700}>{label}</Text>
        <Text fw={800} c="ink.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {shown} / {target}
        </Text>
      </Group>
      <Progress
        value={(shown / target) * 100}
        size="lg"
        radius="xl"
        color={shown >= target ? 'teal' : 'ink'}
        aria-label={`${label}: ${shown} of ${target}`}
      />
    </div>
  );
}

function Conditions({ conditions }: { conditions: GiftCards['conditions'] }) {
  return (
    <Card>
      <Title order={2} fz="h3" mb="xs">
        Conditions
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        Games count toward a card while all four are met.
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {CONDITIONS.map(({ key, label, describe, rule }) => {
          const c = conditions[key];
          return (
            <Group component="li" key={key} wrap="nowrap" gap="md" align="center" data-met={c.met}>
              <ThemeIcon
                size={32}
                radius="xl"
                color={c.met ? 'teal' : 'gray'}
                variant="light"
                aria-hidden="true"
              >
                {c.met ? <CheckIcon /> : <DotIcon />}
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700}>{label}</Text>
                <Text fz="sm" c="dimmed">
                  {describe(c)}
                </Text>
                {rule && (
                  <Text fz="xs" c="dimmed" mt={2}>
                    {rule}
                  </Text>
                )}
              </div>
              <Badge
                color={c.met ? 'teal' : 'orange'}
                styles={{
                  label: { color: 'var(--mantine-color-dark-7)' },
                }}
                variant="light"
                radius="xl"
                style={{ flexShrink: 0 }}
              >
                {c.met ? 'Met' : 'Not met'}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

function CheckIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function DotIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="4" fill="currentColor" />
    </svg>
  );
}
