// what the spec says is "only logged" (§8: load game, party date, update check, logout, chat
// failures and invalid server messages, word of the day, game count, word data, safe area, ads):
// kept in a small ring for the hidden developer log viewer, and written to the console

export interface LogEntry {
  at: number;
  level: 'info' | 'warn' | 'error';
  area: string;
  message: string;
}

const MAX = 200;
// a new array for every entry: the viewer (useSyncExternalStore) re-renders only on a new snapshot
let entries: readonly LogEntry[] = [];
const listeners = new Set<() => void>();

export function appLog(level: LogEntry['level'], area: string, message: string): void {
  entries = [...entries, { at: Date.now(), level, area, message }].slice(-MAX);
  (level === 'info' ? console.info : console.warn)(`[${area}] ${message}`);
  for (const l of listeners) l();
}

export const logError = (area: string, err: unknown) =>
  appLog('error', area, err instanceof Error ? err.message : String(err));

export function readLog(): readonly LogEntry[] {
  return entries;
}

export function subscribeLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
