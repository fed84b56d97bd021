import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch } from '../../test/render.tsx';
import { partnerOf } from './results-loader.ts';

// the partner's name on an older game's results (issue 15 item 9): not only from the first page of
// the history

const item = (n: number, partner: { _id: string; username: string } | null = null) => ({
  _id: `game-${n}`,
  partner,
});

function historyOf(total: number, grace: number) {
  const answers: Record<string, unknown> = {};
  const pages: number[] = [];
  const { fetchMock } = mockFetch(answers);
  let asked = '';
  Object.defineProperty(answers, 'GET /v1/history', {
    enumerable: true,
    get: () => {
      const page = Number(new URL(asked, 'http://localhost').searchParams.get('page') ?? 1);
      pages.push(page);
      const from = (page - 1) * 100;
      const items = Array.from({ length: Math.max(0, Math.min(100, total - from)) }, (_, i) =>
        from + i === grace ? item(from + i, { _id: 'id-grace', username: 'grace' }) : item(from + i),
      );
      return { items, page, pageSize: 100, total };
    },
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    asked = String(input);
    return fetchMock(input, init);
  });
  return pages;
}

describe("an older game's partner", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is found past the first page of the history', async () => {
    storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
    historyOf(250, 230);
    expect(await partnerOf('game-230')).toEqual({ _id: 'id-grace', username: 'grace' });
  });

  it('is nobody when the game is not in the history, after its last page', async () => {
    storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
    const pages = historyOf(150, -1);
    expect(await partnerOf('game-999')).toBeNull();
    expect(pages).toEqual([1, 2]);
  });
});
