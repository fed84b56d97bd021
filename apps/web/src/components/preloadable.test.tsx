import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

// a page whose code a loader already fetched renders at once, without the suspense fallback
// (a loader flash, a layout shift); one not fetched yet still suspends until it arrives

function Page({ name }: { name: string }) {
  return <p>page {name}</p>;
}

function renderIn(Component: React.ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Component name="one" />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('renders at once when loaded before', async () => {
    const page = preloadable(
      async () => ({ Page }),
      (m) => m.Page,
    );
    await page.load();
    renderIn(page.Component);
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('page one')).toBeTruthy();
  });

  it('suspends until its code arrives when not loaded before', async () => {
    let arrive: (m: { Page: typeof Page }) => void = () => {};
    const page = preloadable(
      () => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)),
      (m) => m.Page,
    );
    renderIn(page.Component);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive({ Page }));
    expect(await screen.findByText('page one')).toBeTruthy();
  });
});
