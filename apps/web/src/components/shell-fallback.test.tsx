import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearTokens, storeTokens } from '../auth/token-storage.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ShellFallback } from './shell-fallback.tsx';

// the first paint while the page's code and the player's profile load (issue 22)

function renderAt(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ShellFallback />
    </MemoryRouter>,
  );
}

afterEach(() => clearTokens());

describe('ShellFallback', () => {
  it('shows a signed-in player the home’s outline inside the shell: title, the setup card’s labels', () => {
    storeTokens('guest', { accessToken: 'a', refreshToken: 'r' });
    renderAt('/');
    const status = screen.getByRole('status', { name: 'Loading SaySpell' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Ready for a round?', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Set up your game', level: 2 })).toBeTruthy();
    for (const label of ['Difficulty', 'Source', 'Category', 'Language', 'Mode', 'Role'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('SaySpell')).toBeTruthy();
    // the outline is not a form: nothing to press or type into yet
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('shows the shell with a loader on a signed-in player’s other pages', () => {
    storeTokens('guest', { accessToken: 'a', refreshToken: 'r' });
    renderAt('/game');
    expect(screen.getByRole('status', { name: 'Loading SaySpell' })).toBeTruthy();
    expect(screen.getByText('SaySpell')).toBeTruthy();
    expect(screen.queryByText('Ready for a round?')).toBeNull();
  });

  it('shows a visitor the small loader (the landing is preloaded), not the shell', () => {
    renderAt('/');
    expect(screen.getByRole('status', { name: 'Loading SaySpell' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByText('Ready for a round?')).toBeNull();
  });
});
