import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeTokens } from './token-storage.ts';

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, isSignedIn);
}
