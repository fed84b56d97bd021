import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimerWarning } from './game-timer.tsx';

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
