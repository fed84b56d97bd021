import { defaultClientConditions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const api = 'http://localhost:3000';

export default defineConfig({
  // workspace packages resolve to their typescript sources (DESIGN §9)
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // vite 8 transforms jsx itself (oxc); no react plugin needed
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    // the installable app (issue 9): a service worker at /sw.js caching the app shell and static
    // files; the api, the sockets and the audio are never cached. a new version waits until the
    // player reloads (the app offers it), so a game is never cut by an update
    VitePWA({
      filename: 'sw.js',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'privacy-policy.html'],
      manifest: {
        name: 'SaySpell',
        short_name: 'SaySpell',
        description: 'Hear it, spell it, beat the clock: a real-time spelling and pronunciation game.',
        theme_color: '#5b3df5',
        background_color: '#f6f4ff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/v1\//, /^\/api\//, /^\/socket\.io/, /^\/health/, /^\/privacy-policy/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
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
