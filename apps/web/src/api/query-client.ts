import { QueryClient } from '@tanstack/react-query';

// one client for the app; loaders prefetch into it, components read from it
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
