import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { installChunkReload } from './platform/chunk-reload.ts';

installChunkReload();
// not in development: the dev server's modules are not what the worker would cache
if (import.meta.env.PROD) void import('./platform/service-worker.ts').then((m) => m.installServiceWorker());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
