import {
  Alert,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { HistoryItem } from '@sayspell/core/protocol/game';
import { categoryLabel } from '@sayspell/core/rules/options';
import { scoreColor } from '@sayspell/core/rules/score';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { HISTORY_PAGE_SIZE, historyQuery } from '../../api/stats.ts';
import { capitalise } from '../../components/capitalise.ts';
import { formatDate } from '../../components/format-date.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { SCORE_COLORS } from '../results/score-circle.tsx';
import { pageParam } from './history-loader.ts';
import classes from './history-page.module.css';

/** /history: the player's finished games, newest first, a page at a time */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const history = useQuery(historyQuery(page));
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / HISTORY_PAGE_SIZE)) : 1;

  return (
    <Box maw={860} mx="auto">
      <Group justify="space-between" align="flex-end" mb="lg" gap="xs">
        <Title order={1}>Game history</Title>
        {history.data && history.data.total > 0 && (
          <Text c="dimmed" fw={600}>
            {history.data.total} {history.data.total === 1 ? 'game' : 'games'}
          </Text>
        )}
      </Group>

      {history.isError && (
        <Alert color="red" radius="lg" title="Your history could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text>{history.error.message}</Text>
            <Button onClick={() => void history.refetch()}>Try again</Button>
          </Stack>
        </Alert>
      )}

      {history.data?.total === 0 && (
        <Paper p="xl" radius="lg" withBorder>
          <EmptyState
            title="No games yet"
            description="Finish a game and it will show up here with its score."
            icon={<HistoryIcon />}
            variant="light"
          >
            <EmptyState.Actions>
              <Button component={Link} to="/">
                Play a game
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}

      {history.data && history.data.items.length > 0 && (
        <Stack gap="lg" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Games">
            {history.data.items.map((item) => (
              <li key={item._id}>
                <HistoryRow item={item} />
              </li>
            ))}
          </Stack>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
                radius="xl"
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                getControlProps={(control) => ({ 'aria-label': `${capitalise(control)} page` })}
              />
            </Group>
          )}
        </Stack>
      )}
    </Box>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const mode = item.solo ? 'Solo' : `Partnered · ${capitalise(item.role)}`;
  const ratio = item.played > 0 ? item.correct / item.played : null;
  const color = ratio === null ? 'gray' : SCORE_COLORS[scoreColor(ratio)];
  return (
    <Paper component={Link} to={`/results/${item._id}`} className={classes.row} p="md" radius="lg" withBorder>
      <div className={classes.when}>
        <Text fw={800}>{formatDate(item.finishedAt)}</Text>
        <Text fz="sm" c="dimmed">
          {mode}
        </Text>
      </div>
      <div className={classes.what}>
        <Text fw={700}>
          {categoryLabel(item.category)} · {capitalise(item.difficulty)}
        </Text>
        <Text fz="sm" c="dimmed" truncate>
          {item.partner
            ? `with ${item.partner.username}`
            : item.solo
              ? 'with the SaySpell voice'
              : 'partner unknown'}
          {item.endedReason === 'partner-left' ? ' · ended early' : ''}
        </Text>
      </div>
      <Badge
        className={classes.score}
        size="xl"
        radius="xl"
        variant="light"
        color={color}
        aria-label={`Score ${item.correct} of ${item.played}`}
        data-score={ratio === null ? undefined : scoreColor(ratio)}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {item.correct}/{item.played}
      </Badge>
    </Paper>
  );
}

function HistoryIcon() {
  return <LineIcon d="M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7M3 4v4h4" size={28} />;
}
