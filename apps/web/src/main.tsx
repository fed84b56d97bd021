// first: before any of core's zod schemas is built (platform/zod-jitless.ts)
import './platform/zod-jitless.ts';
import './mantine-styles.ts';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepPublicAnswers } from './api/persisted-answers.ts';
import { queryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { installChunkReload } from './platform/chunk-reload.ts';
import { whenIdle } from './platform/when-idle.ts';

installChunkReload();
// the public answers a returning visitor already had (the config, the languages): shown at once
keepPublicAnswers(queryClient);
// not in development: the dev server's modules are not what the worker would cache. and not before
// the page is idle: its precache must not compete with the first page for the network (issue 22)
if (import.meta.env.PROD)
  whenIdle(() => void import('./platform/service-worker.ts').then((m) => m.installServiceWorker()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// preact renders at once, inside the call: the first render gets a task of its own after the
// modules' evaluation, so the two never block a phone's main thread as one long task (issue 22)
setTimeout(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
