/** Refused because the queue is full; the caller answers "busy" rather than waiting. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue is full');
    this.name = 'QueueFullError';
  }
}

export interface WorkQueue {
  /** Runs the job when one of the `concurrency` slots is free; rejects with QueueFullError when `maxQueued` jobs already wait. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now, and jobs waiting for a slot. */
  readonly running: number;
  readonly waiting: number;
}

/** A small first-in first-out queue that bounds how many jobs run at once. */
export function createWorkQueue(options: { concurrency: number; maxQueued: number }): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release(): void {
    const next = waiting.shift();
    // The freed slot passes straight to the next job, so `running` stays as it is.
    if (next) next();
    else running -= 1;
  }

  return {
    async run(job) {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxQueued) throw new QueueFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
