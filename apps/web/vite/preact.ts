import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

// issue 22: the app is written against react's api and served on preact/compat, which is ≈ 60 KB
// gzip less on every page (the entry 140 → 82 KB) and less work on a phone's main thread before the
// first paint. the component tests run on react itself (testing library's react renderer is
// commonjs and cannot take an alias); the e2e suite plays the built app, so every flow is checked
// on the runtime that ships. docs/decisions.md, "Preact in the build"
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./react-on-preact.js', import.meta.url)) },
];
