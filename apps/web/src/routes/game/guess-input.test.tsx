import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { GuessInput } from './guess-input.tsx';

const input = () => screen.getByLabelText('Your spelling') as HTMLInputElement;

describe('GuessInput', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps only letters, lower-cased, without spaces', async () => {
    renderWithProviders(<GuessInput active status="" onSubmit={() => {}} />);
    await userEvent.type(input(), 'Ne Ce-ss4ary!');
    expect(input().value).toBe('necessary');
  });

  it('Space hears the word again (once per press) and types nothing', async () => {
    const onSpace = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(<GuessInput active status="" onSubmit={onSubmit} onSpace={onSpace} />);
    await userEvent.type(input(), 'kn ight');
    expect(onSpace).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('knight');
    fireEvent.keyDown(input(), { key: ' ', repeat: true });
    expect(onSpace).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-keyshortcuts')).toBe('Space');
  });

  it("tells of Space where there is a key to press, not on a touch screen's keyboard", () => {
    // a partnered speller: Space hears the word only once the call is down
    const view = renderWithProviders(<GuessInput active status="" onSubmit={() => {}} />);
    expect(input().placeholder).toBe('type here');
    view.rerender(<GuessInput active status="" onSubmit={() => {}} onSpace={() => {}} />);
    expect(input().placeholder).toBe('type here · Space hears it again');
    view.unmount();
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...desktop(query), matches: query === '(hover: none) and (pointer: coarse)' }) as MediaQueryList;
    try {
      renderWithProviders(<GuessInput active status="" onSubmit={() => {}} onSpace={() => {}} />);
      expect(input().placeholder).toBe('type here');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('submits on Enter and clears the box', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<GuessInput active status="" onSubmit={onSubmit} />);
    await userEvent.type(input(), 'Knight{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('knight');
    expect(input().value).toBe('');
  });

  it('does not submit an empty guess', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<GuessInput active status="" onSubmit={onSubmit} />);
    await userEvent.type(input(), '  12 {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not submit while no word is active, and says so', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<GuessInput active={false} status="Waiting on Next Word" onSubmit={onSubmit} />);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Waiting on Next Word')).toBeTruthy();
    expect(input().readOnly).toBe(true);
  });

  it('takes the focus one second after it becomes active', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<GuessInput active={false} status="" onSubmit={() => {}} />);
    rerender(<GuessInput active status="" onSubmit={() => {}} />);
    act(() => vi.advanceTimersByTime(999));
    expect(document.activeElement).not.toBe(input());
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(input());
  });
});
