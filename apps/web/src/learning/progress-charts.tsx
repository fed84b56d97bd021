import { Text } from '@mantine/core';
import type { LearningProgress } from '@sayspell/core/protocol/learning';
import { useId } from 'react';
import classes from './progress.module.css';
import { BOX_WAIT, type DayPoint, percent, shortDay } from './progress-series.ts';

// hand-drawn svg charts for the progress page: a line of words met over the days, a bar per day's
// accuracy, and labelled bars for the boxes and the difficulties (each readable without the picture)

const W = 400;
const H = 150;
const PAD = { left: 34, right: 6, top: 10, bottom: 22 };

function Frame({ title, summary, children }: { title: string; summary: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <figure className={classes.figure} aria-labelledby={id}>
      <Text component="figcaption" id={id} fw={800}>
        {title}
      </Text>
      <Text fz="sm" c="dimmed" mb="xs">
        {summary}
      </Text>
      {children}
    </figure>
  );
}

function axisDays(points: DayPoint[]) {
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, points.length - 1);
  const first = points[0];
  const last = points[points.length - 1];
  return {
    x,
    labels: (
      <>
        {first && (
          <text x={x(0)} y={H - 4} className={classes.axis}>
            {shortDay(first.day)}
          </text>
        )}
        {last && (
          <text x={x(points.length - 1)} y={H - 4} className={classes.axis} textAnchor="end">
            {shortDay(last.day)}
          </text>
        )}
      </>
    ),
  };
}

/** words met so far, day by day */
export function LearnedChart({ points }: { points: DayPoint[] }) {
  const top = Math.max(10, ...points.map((p) => p.learned));
  const { x, labels } = axisDays(points);
  const y = (v: number) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
  const line = points
    .map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.learned).toFixed(1)}`)
    .join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`;
  const first = points[0]?.learned ?? 0;
  const last = points[points.length - 1]?.learned ?? 0;
  return (
    <Frame
      title="Words learned"
      summary={`${last} words met in all, ${last - first} new in the last ${points.length} days.`}
    >
      <svg viewBox={`0 0 ${W} ${H}`} className={classes.svg} role="img" aria-label="Words met over time">
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className={classes.grid} />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(top)} y2={y(top)} className={classes.grid} />
        <text x={PAD.left - 6} y={y(top) + 4} className={classes.axis} textAnchor="end">
          {top}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} className={classes.axis} textAnchor="end">
          0
        </text>
        <path d={area} className={classes.area} />
        <path d={line} className={classes.line} />
        {labels}
      </svg>
    </Frame>
  );
}

/** the share right on each day played */
export function AccuracyByDayChart({ points }: { points: DayPoint[] }) {
  const { x, labels } = axisDays(points);
  const played = points.filter((p) => p.accuracy !== null);
  const bw = Math.max(3, ((W - PAD.left - PAD.right) / points.length) * 0.7);
  const y = (v: number) => PAD.top + (1 - v) * (H - PAD.top - PAD.bottom);
  const mean = played.reduce((s, p) => s + (p.accuracy ?? 0), 0) / Math.max(1, played.length);
  return (
    <Frame
      title="Accuracy by day"
      summary={
        played.length === 0
          ? 'No games in these days yet.'
          : `${percent(mean)} right on average over ${played.length} ${played.length === 1 ? 'day' : 'days'} played.`
      }
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className={classes.svg}
        role="img"
        aria-label="Share right per day played"
      >
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className={classes.grid} />
            <text x={PAD.left - 6} y={y(v) + 4} className={classes.axis} textAnchor="end">
              {v * 100}%
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          p.accuracy === null ? null : (
            <rect
              key={p.day}
              x={Math.min(W - PAD.right - bw, Math.max(PAD.left, x(i) - bw / 2))}
              y={y(p.accuracy)}
              width={bw}
              height={Math.max(1.5, y(0) - y(p.accuracy))}
              rx={2}
              className={classes.bar}
            >
              <title>{`${shortDay(p.day)}: ${percent(p.accuracy)} of ${p.guesses}`}</title>
            </rect>
          ),
        )}
        {labels}
      </svg>
    </Frame>
  );
}

function Bars({
  rows,
}: {
  rows: { key: string; label: string; value: number; text: string; tone?: 'due' | 'known' }[];
}) {
  const top = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ol className={classes.bars}>
      {rows.map((r) => (
        <li key={r.key} className={classes.row} data-tone={r.tone}>
          <span className={classes.label}>{r.label}</span>
          <span className={classes.track} aria-hidden="true">
            <span
              className={classes.fill}
              style={{ width: `${r.value === 0 ? 0 : Math.max(3, (r.value / top) * 100)}%` }}
            />
          </span>
          <span className={classes.value}>{r.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** how many words wait in each leitner box, and how many are known without practice */
export function BoxesChart({ boxes, known }: Pick<LearningProgress, 'boxes' | 'known'>) {
  const waiting = boxes.reduce((s, b) => s + b.words, 0);
  return (
    <Frame
      title="Words in practice"
      summary={`${waiting} ${waiting === 1 ? 'word comes' : 'words come'} back on a schedule: each right answer moves a word down a row, to wait longer.`}
    >
      <Bars
        rows={[
          ...boxes.map((b) => ({
            key: `box-${b.box}`,
            label: BOX_WAIT[b.box] ?? `Box ${b.box}`,
            value: b.words,
            text: String(b.words),
            tone: b.box === 0 ? ('due' as const) : undefined,
          })),
          { key: 'known', label: 'Known', value: known, text: String(known), tone: 'known' as const },
        ]}
      />
    </Frame>
  );
}

/** the share right by the words' difficulty */
export function DifficultyChart({ byDifficulty }: Pick<LearningProgress, 'byDifficulty'>) {
  return (
    <Frame title="Accuracy by difficulty" summary="Every answer you gave, by the difficulty of the word.">
      <Bars
        rows={byDifficulty.map((d) => ({
          key: d.difficulty,
          label: d.difficulty[0]?.toUpperCase() + d.difficulty.slice(1),
          value: d.guesses ? d.right / d.guesses : 0,
          text: d.guesses ? percent(d.right / d.guesses) : '–',
        }))}
      />
    </Frame>
  );
}
