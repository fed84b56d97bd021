import { TtsError } from './types.ts';

/** Runs at most `concurrency` tasks at once, queues up to `maxQueue` more and refuses the rest. */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) {
        throw new TtsError('UNAVAILABLE', 'Speech synthesis is busy; try again shortly.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // the slot passes straight to the next task, so `active` stays as it is
      if (next) next();
      else this.active--;
    }
  }
}
