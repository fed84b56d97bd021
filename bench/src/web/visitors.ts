// the two kinds of visitor the web benchmarks load pages as: a first-time visitor (nothing stored)
// and a signed-in guest with a solo game set up (tokens in localStorage and the game in
// sessionStorage, as the app itself stores them after 'Play in the browser' and 'Start game')

export interface Session {
  accessToken: string;
  refreshToken: string;
  gameId: string;
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** a fresh guest and a solo game of theirs, made through the api */
export async function guestWithGame(base: string): Promise<Session> {
  const login = await post<{ token: { accessToken: string; refreshToken: string }; user: { _id: string } }>(
    base,
    '/v1/auth/login',
    { strategy: 'guest' },
  );
  const game = await post<{ _id: string }>(
    base,
    '/v1/game',
    {
      language: 'English',
      difficulty: 'beginner',
      category: 'category_animals',
      gameTimer: '90',
      solo: true,
      speller: login.user._id,
    },
    login.token.accessToken,
  );
  return { ...login.token, gameId: game._id };
}

/** a script for the page (before any of the app's code) that stores the session as the app does */
export function storeSessionScript(s: Session): string {
  return `localStorage.setItem('auth.strategy', 'guest');
localStorage.setItem('auth._token.guest', ${JSON.stringify(s.accessToken)});
localStorage.setItem('auth._refresh_token.guest', ${JSON.stringify(s.refreshToken)});
sessionStorage.setItem('sayspell.game', ${JSON.stringify(s.gameId)});
// a returning player: the gift-card promotion was dismissed on an earlier visit
localStorage.setItem('giftcardShow', String(Date.now()));`;
}
