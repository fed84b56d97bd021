// the game this tab is playing: survives a reload of /game, not a new tab
const key = 'sayspell.game';

export function getCurrentGameId(): string | null {
  return sessionStorage.getItem(key);
}

export function setCurrentGameId(id: string): void {
  sessionStorage.setItem(key, id);
}

export function clearCurrentGameId(): void {
  sessionStorage.removeItem(key);
}
