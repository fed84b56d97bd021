// group commit: the writes asked for while a commit is under way wait for it, then go together in
// the next one, so a busy server makes one commit for many guesses and an idle one commits a lone
// guess at once (no timer to wait for). `commit` answers one result per write, in order

export interface GroupCommit<W, R> {
  write(w: W): Promise<R>;
  /** resolves once nothing is waiting or being written */
  idle(): Promise<void>;
}

export function createGroupCommit<W, R>(commit: (batch: W[]) => Promise<R[]>): GroupCommit<W, R> {
  let waiting: { w: W; resolve(r: R): void; reject(e: unknown): void }[] = [];
  let running: Promise<void> | undefined;

  async function drain() {
    // the writes of this turn of the event loop join the first batch
    await new Promise((r) => setImmediate(r));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await commit(batch.map((b) => b.w));
        batch.forEach((b, i) => {
          b.resolve(results[i]!);
        });
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    running = undefined;
  }

  return {
    write(w) {
      const done = new Promise<R>((resolve, reject) => waiting.push({ w, resolve, reject }));
      running ??= drain();
      return done;
    },
    async idle() {
      while (running) await running;
    },
  };
}
