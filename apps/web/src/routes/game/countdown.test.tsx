import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Countdown } from './countdown.tsx';

describe('the pre-game countdown for screen readers', () => {
  it('says each second in one live region that stays while the number is redrawn', () => {
    const at = (seconds: number) => (
      <MantineProvider>
        <Countdown seconds={seconds} />
      </MantineProvider>
    );
    const { rerender } = render(at(5));
    const region = screen.getByRole('timer');
    expect(region.getAttribute('aria-live')).toBe('assertive');
    expect(region.textContent).toBe('5');
    rerender(at(4));
    // a region created with its text is often not read: it must be the same element, updated
    expect(screen.getByRole('timer')).toBe(region);
    expect(region.textContent).toBe('4');
  });

  it('before the countdown shows its frame and hint, and keeps the hint when the seconds come', () => {
    const at = (seconds?: number) => (
      <MantineProvider>
        <Countdown seconds={seconds} hint="Turn your sound on: the first word is coming." />
      </MantineProvider>
    );
    const { rerender } = render(at());
    expect(screen.getByRole('status').textContent).toBe('Getting your game ready…');
    expect(screen.queryByRole('timer')).toBeNull();
    const hint = screen.getByText('Turn your sound on: the first word is coming.');
    rerender(at(3));
    expect(screen.getByRole('timer').textContent).toBe('3');
    // the same element: the page's largest text is painted once, at the first render
    expect(screen.getByText('Turn your sound on: the first word is coming.')).toBe(hint);
  });
});
