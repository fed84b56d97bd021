import { Text } from '@mantine/core';
import { useId } from 'react';
import type { LeaderboardEntry } from '../../api/stats.ts';
import classes from './accuracy-chart.module.css';
import { percent } from './percent.ts';

/** the top ten by accuracy as horizontal bars; the list reads well without the picture too */
export function AccuracyChart({ entries, me }: { entries: LeaderboardEntry[]; me: string | null }) {
  const captionId = useId();
  const top = entries.slice(0, 10);
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={800} mb="sm">
        Top {top.length} by accuracy
      </Text>
      <ol className={classes.bars}>
        {top.map((e) => (
          <li key={e._id} className={classes.bar} data-me={e._id === me || undefined}>
            <span className={classes.name} title={e.username}>
              {e.username}
            </span>
            <span className={classes.track} aria-hidden="true">
              <span className={classes.fill} style={{ width: `${Math.max(2, e.accuracy * 100)}%` }} />
            </span>
            <span className={classes.value}>{percent(e.accuracy)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
