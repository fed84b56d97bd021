import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { theme as appTheme } from '../theme.ts';

// transitions end at once under test (see setup.ts): no timer outlives a test
const theme = { ...appTheme, respectReducedMotion: true };

/** renders with the app's providers and a fresh query client */
export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}

/** a fetch stand-in answering by "METHOD path"; records every call */
export function mockFetch(answers: Record<string, unknown>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body, headers: (init.headers ?? {}) as Record<string, string> });
    const key = `${method} ${url.pathname}`;
    if (!(key in answers)) {
      return new Response(
        JSON.stringify({ statusCode: 404, error: 'Not Found', message: `no mock for ${key}` }),
        {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }
    // a promise answers when the test resolves it (an answer that comes late)
    const answer = await answers[key];
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchMock, calls };
}
