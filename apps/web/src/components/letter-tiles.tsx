import { Group } from '@mantine/core';
import classes from './letter-tiles.module.css';

/** a word as playful letter tiles; decorative */
export function LetterTiles({ word, size = 56 }: { word: string; size?: number }) {
  return (
    <Group gap={size * 0.14} wrap="nowrap" aria-hidden="true" className={classes.row}>
      {[...word].map((letter, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: letters repeat; their place is their identity
          key={i}
          className={classes.tile}
          style={{ width: size, height: size, fontSize: size * 0.55, ['--i' as string]: i }}
        >
          {letter}
        </span>
      ))}
    </Group>
  );
}
