import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

describe('group commit', () => {
  it('commits a lone write at once, and the writes asked for meanwhile together in the next commit', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const commits = createGroupCommit<number, string>(async (batch) => {
      batches.push(batch);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return batch.map((w) => `done ${w}`);
    });
    const first = commits.write(1);
    // the first commit is under way: these wait for it
    await new Promise((r) => setImmediate(r));
    const later = [commits.write(2), commits.write(3), commits.write(4)];
    release();
    expect(await first).toBe('done 1');
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await commits.idle();
  });

  it('a failed commit fails its own writes only', async () => {
    const commits = createGroupCommit<number, number>(async (batch) => {
      if (batch.includes(0)) throw new Error('refused');
      return batch;
    });
    await expect(commits.write(0)).rejects.toThrow('refused');
    expect(await commits.write(5)).toBe(5);
  });
});
