import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('builds and runs core’s schemas without calling Function (a CSP violation in the browser)', async () => {
    await import('./zod-jitless.ts');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    const spy = vi.spyOn(globalThis, 'Function');
    const { createCustomGameSchema } = await import('@sayspell/core/protocol/topics');
    const ok = createCustomGameSchema.safeParse({ category: 'ocean animals', userId: 'u1' });
    const bad = createCustomGameSchema.safeParse({ category: '1', userId: 'u1' });
    expect(spy).not.toHaveBeenCalled();
    expect(bad.success).toBe(false);
    expect(ok.error?.issues.map((i) => i.path.join('.')) ?? []).not.toContain('category');
  });
});
