// zod (core's schemas) compiles an object's parser with `new Function` when it may, and first probes
// whether it may by calling it once. under the server's content security policy (no 'unsafe-eval')
// that probe is a CSP violation that chrome reports in its Issues panel, which Lighthouse counts
// against best practices (issue 22). `jitless` skips both the compiler and the probe; the parsers
// still check exactly the same, a little slower, which a form never notices.
// zod reads its global configuration from globalThis.__zod_globalConfig when a schema is built, so
// this must run before any schema module: it is main.tsx's first import (zod-jitless.test.ts)

interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

const g = globalThis as ZodGlobal;
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
