import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CallBar } from './call-bar.tsx';
import type { CallView } from './use-call.ts';

// the call bar tells what the game knows of the connection before the call itself does (issue 20)

const call = (over: Partial<CallView>): CallView => ({
  state: 'connected',
  problem: null,
  error: null,
  session: null,
  limitReached: false,
  partnerAway: false,
  offline: false,
  retry: () => {},
  ...over,
});

function bar(): HTMLElement {
  return document.querySelector('[aria-label="Call with your partner"]') as HTMLElement;
}

describe('CallBar', () => {
  it('says connected on a live call', () => {
    renderWithProviders(<CallBar call={call({})} />);
    expect(screen.getByRole('status').textContent).toBe('Call connected');
    expect(bar().dataset.callWaiting).toBeUndefined();
  });

  it("shows the partner's reconnecting, not 'connected', while the game waits for them", () => {
    renderWithProviders(<CallBar call={call({ partnerAway: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Your partner is reconnecting…');
    expect(bar().dataset.callWaiting).toBe('partner');
  });

  it('says this tab is offline first, whatever the partner does', () => {
    renderWithProviders(<CallBar call={call({ offline: true, partnerAway: true })} />);
    expect(screen.getByRole('status').textContent).toBe('You are offline: reconnecting…');
    expect(bar().dataset.callWaiting).toBe('offline');
  });

  it('a call that ended stays ended', () => {
    renderWithProviders(<CallBar call={call({ state: 'ended', partnerAway: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Call ended');
  });
});
