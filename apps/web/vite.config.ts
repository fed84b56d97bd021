import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const api = 'http://localhost:3000';

export default defineConfig({
  // workspace packages resolve to their typescript sources (DESIGN §9)
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // vite 8 transforms jsx itself (oxc); no react plugin needed
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // mantine marks its modules "use client" (for server components); meaningless in a spa
    rolldownOptions: { checks: { moduleLevelDirective: false } },
  },
  server: {
    proxy: {
      '/v1': api,
      '/api': api,
      '/health': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
