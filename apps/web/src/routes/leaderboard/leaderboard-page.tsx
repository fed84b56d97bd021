import {
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { LeaderboardPeriod } from '@sayspell/core/constants';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { profileQuery } from '../../api/auth.ts';
import { type Leaderboard, type LeaderboardEntry, leaderboardQuery } from '../../api/stats.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { AccuracyChart } from './accuracy-chart.tsx';
import { periodParam } from './leaderboard-loader.ts';
import classes from './leaderboard-page.module.css';
import { percent } from './percent.ts';

const PERIODS: { value: LeaderboardPeriod; label: string; phrase: string }[] = [
  { value: 'week', label: 'This week', phrase: 'this week' },
  { value: 'month', label: 'This month', phrase: 'this month' },
  { value: 'all', label: 'All time', phrase: 'so far' },
];

/** /leaderboard: who spells best over a period, where the player stands, the top ten as a chart */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const period = periodParam(params);
  const board = useQuery(leaderboardQuery(period));
  const profile = useQuery(profileQuery);
  const me = profile.data?._id ?? null;
  const phrase = PERIODS.find((p) => p.value === period)?.phrase ?? '';

  return (
    <Box maw={1100} mx="auto">
      <Stack gap="md" mb="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={1}>Leaderboard</Title>
          <SegmentedControl
            value={period}
            onChange={(v) => setParams(v === 'week' ? {} : { period: v })}
            data={PERIODS.map(({ value, label }) => ({ value, label }))}
            aria-label="Period"
          />
        </Group>
        <Text c="dimmed">
          Ranked by accuracy, then words spelt; at least {board.data?.minGames ?? '…'} games in the period.
        </Text>
      </Stack>

      {board.isError && (
        <Alert color="red" radius="lg" title="The leaderboard could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text>{board.error.message}</Text>
            <Button onClick={() => void board.refetch()}>Try again</Button>
          </Stack>
        </Alert>
      )}

      {board.data && (
        <Grid gap={{ base: 'lg', md: 'xl' }} style={{ opacity: board.isPlaceholderData ? 0.6 : 1 }}>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg">
              <MyRank board={board.data} phrase={phrase} />
              {board.data.entries.length > 0 && (
                <Card>
                  <AccuracyChart entries={board.data.entries} me={me} />
                </Card>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {board.data.entries.length > 0 ? (
              <RankTable board={board.data} me={me} myName={profile.data?.username ?? 'You'} />
            ) : (
              <Card>
                <EmptyState
                  title="No one is ranked yet"
                  description={`Players show up here once they have finished ${board.data.minGames} games ${phrase}.`}
                  icon={<PodiumIcon />}
                  variant="light"
                />
              </Card>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Box>
  );
}

function MyRank({ board, phrase }: { board: Leaderboard; phrase: string }) {
  const mine = board.me;
  return (
    <Card bg={mine ? 'ink.6' : 'white'} c={mine ? 'white' : undefined} aria-labelledby="my-rank">
      <Text id="my-rank" fw={800} tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }} opacity={0.8}>
        Your rank
      </Text>
      {mine ? (
        <Group align="center" gap="lg" mt={6} wrap="nowrap">
          <Text fw={900} fz={48} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }}>
            #{mine.rank}
          </Text>
          <div>
            <Text fw={800} fz="lg" lh={1.3}>
              {percent(mine.accuracy)} accuracy
            </Text>
            <Text fw={600} lh={1.3} opacity={0.85}>
              {mine.wordsSpelt} words · {mine.games} games
            </Text>
          </div>
        </Group>
      ) : (
        <Text mt={4} fw={600}>
          Not ranked yet: finish {board.minGames} games {phrase} to get a place.
        </Text>
      )}
    </Card>
  );
}

function RankTable({ board, me, myName }: { board: Leaderboard; me: string | null; myName: string }) {
  // a player ranked below the listed ones still sees their own row, after a gap
  const listed = board.entries.some((e) => e._id === me);
  const mine: LeaderboardEntry | null =
    board.me && me && !listed ? { ...board.me, _id: me, username: myName } : null;
  return (
    <Card p={0} style={{ overflow: 'hidden' }}>
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.rank}>#</Table.Th>
            <Table.Th>Player</Table.Th>
            <Table.Th ta="right" visibleFrom="xs">
              Games
            </Table.Th>
            <Table.Th ta="right">Words spelt</Table.Th>
            <Table.Th ta="right">Accuracy</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {board.entries.map((e) => (
            <Row key={e._id} entry={e} isMe={e._id === me} />
          ))}
          {mine && (
            <>
              <Table.Tr aria-hidden="true">
                <Table.Td colSpan={5} ta="center" c="dimmed" py={2}>
                  ⋯
                </Table.Td>
              </Table.Tr>
              <Row entry={mine} isMe />
            </>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Row({ entry, isMe }: { entry: LeaderboardEntry; isMe: boolean }) {
  return (
    <Table.Tr data-me={isMe || undefined} className={classes.row} aria-current={isMe || undefined}>
      <Table.Td className={classes.rank}>{entry.rank}</Table.Td>
      <Table.Td className={classes.name}>
        {entry.username}
        {isMe && <span className={classes.you}> (you)</span>}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="xs">
        {entry.games}
      </Table.Td>
      <Table.Td ta="right">{entry.wordsSpelt}</Table.Td>
      <Table.Td ta="right" fw={800}>
        {percent(entry.accuracy)}
      </Table.Td>
    </Table.Tr>
  );
}

function PodiumIcon() {
  return <LineIcon d="M8 21V11H4v10zM14 21V4h-4v17zM20 21v-7h-4v7z" size={28} />;
}
