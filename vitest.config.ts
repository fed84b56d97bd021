import { defineConfig } from 'vitest/config';

// one runner for every suite; each workspace is a project with its own environment
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web', 'data'],
  },
});
