import { defaultClientConditions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite/preact.ts';
import { precompress } from './vite/precompress.ts';
import { preloadLanding } from './vite/preload-landing.ts';
import { returningPlayerFiles } from './vite/returning-player.ts';

const api = 'http://localhost:3000';
const returning = returningPlayerFiles();

export default defineConfig({
  // workspace packages resolve to their typescript sources (DESIGN §9)
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // react's api on preact in the build and the dev server; the component tests on react (vite/preact.ts)
    alias: process.env.VITEST ? [] : preactAliases,
  },
  // vite 8 transforms jsx itself (oxc); no react plugin needed
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    returning.plugin,
    preloadLanding(),
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
        // issue 22: precache only what a returning player needs (vite/returning-player.ts); the
        // rest is cached when first opened, below. the worker itself registers once the page is idle
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((e) => returning.keeps(e.url)) }),
        ],
        runtimeCaching: [
          {
            // hashed file names: a cached chunk never changes
            urlPattern: /\/assets\/[^/]+\.(?:js|css)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'sayspell-assets', expiration: { maxEntries: 200 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/v1\//, /^\/api\//, /^\/socket\.io/, /^\/health/, /^\/privacy-policy/],
        cleanupOutdatedCaches: true,
      },
    }),
    // last: brotli and gzip twins of every built text file, the service worker's included
    precompress(),
  ],
  build: {
    // issue 22: no <link rel=modulepreload> per dependency of each dynamic import. chromium spends
    // 0.3-4.5 ms of main thread inserting each one (about 20 ms on the signed-in home's first load,
    // inside its longest tasks), and lighthouse's simulated phone counts 4 times that. the browser
    // fetches a chunk's own imports as it parses it; the landing's files are still preloaded
    // beside the entry (vite/preload-landing.ts). side by side, the home's performance 66 -> 93
    // (docs/performance.md, 2026-11-27 s33)
    modulePreload: false,
    outDir: 'dist',
    emptyOutDir: true,
    // mantine marks its modules "use client" (for server components); meaningless in a spa
    rolldownOptions: {
      checks: { moduleLevelDirective: false },
      output: {
        // everything the entry needs in one chunk: left to itself, rolldown cut it into a dozen
        // small shared chunks, each a request in the page's critical chain (issue 22)
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // left to itself rolldown put small shared modules into whichever chunk it met them in:
            // mantine's DirectionProvider landed in floating-ui's chunk, so every scroll area
            // (a modal's) brought floating-ui (15 KB gzip) too; and the notifications' store sat
            // in the chunk of their container, so the socket client's import of the store (to
            // show "reload") brought the container, its transitions and drag handling (9 KB)
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
            // mantine's text input and what it is made of, one file instead of five: the home's form
            // and /game's guess box both wait for all of them, and each file was a request in the
            // page's critical chain (six at a time over http/1.1)
            {
              name: 'InputBase',
              test: /@mantine[\\/](core[\\/]esm[\\/](components[\\/](InputBase|TextInput|CloseButton)[\\/]|core[\\/]styles-api[\\/]use-resolved-styles-api[\\/])|hooks[\\/]esm[\\/]use-id[\\/])/,
            },
            {
              name: 'notifications-store',
              test: /@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store/,
            },
          ],
        },
      },
    },
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
    // user-event tests type and click through whole forms: on a busy two-core machine (CI runs the
    // suites side by side) one took just over vitest's default 5 s
    testTimeout: 15_000,
  },
});
