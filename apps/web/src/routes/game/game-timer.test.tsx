import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GameTimer, TimerWarning } from './game-timer.tsx';

const say = (secondsLeft: number, totalSeconds = 90) =>
  render(
    <MantineProvider>
      <TimerWarning secondsLeft={secondsLeft} totalSeconds={totalSeconds} />
    </MantineProvider>,
  );

describe('the timer warning for screen readers', () => {
  it('is silent until 30 seconds are left, then says 30, then 10', () => {
    say(31);
    expect(screen.getByRole('status').textContent).toBe('');
    say(30).unmount();
    const { unmount } = say(29);
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('30 seconds left');
    unmount();
    say(9);
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('10 seconds left');
  });

  it('gives no 30-second warning in a 30-second game, and none at the end', () => {
    say(25, 30);
    expect(screen.getByRole('status').textContent).toBe('');
    say(0, 30);
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('');
  });
});

describe('the clock ring', () => {
  // a slide that lasts most of each second keeps the ring repainting at every frame of the game (a
  // fifth of a core in an idle game's page): it moves once a second, briefly, then rests
  it('moves with each tick in a short step, resting for most of the second', () => {
    const { container } = render(
      <MantineProvider>
        <GameTimer secondsLeft={60} totalSeconds={90} />
      </MantineProvider>,
    );
    const ring = container.querySelector('circle[stroke-dasharray]') as SVGCircleElement;
    const slide = ring.style.transition.split(',').find((t) => t.trim().startsWith('stroke-dashoffset'));
    const ms = Number(slide?.match(/([\d.]+)ms/)?.[1] ?? Number.POSITIVE_INFINITY);
    expect(ms).toBeLessThanOrEqual(250);
  });
});
