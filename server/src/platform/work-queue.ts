/** Refused because the queue is full; the caller answers "busy" rather than waiting. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue is full');
    this.name = 'QueueFullError';
  }
}

export interface WorkQueue {
  /**
   * Runs the job when one of the `concurrency` slots is free; rejects with QueueFullError when its
   * lane already has its most jobs waiting. A priority job waits in a lane of its own, which every
   * freed slot serves first.
   */
  run<T>(job: () => Promise<T>, options?: { priority?: boolean }): Promise<T>;
  /** Jobs running now, and jobs waiting for a slot (both lanes). */
  readonly running: number;
  readonly waiting: number;
}

/**
 * A small queue that bounds how many jobs run at once: first in first out within a lane, the
 * priority lane (`maxPriorityQueued` waiting, 0 = none) before the other.
 */
export function createWorkQueue(options: { concurrency: number; maxQueued: number; maxPriorityQueued?: number }): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const priorityWaiting: (() => void)[] = [];

  function release(): void {
    const next = priorityWaiting.shift() ?? waiting.shift();
    // The freed slot passes straight to the next job, so `running` stays as it is.
    if (next) next();
    else running -= 1;
  }

  return {
    async run(job, { priority = false } = {}) {
      if (running >= options.concurrency) {
        const lane = priority ? priorityWaiting : waiting;
        if (lane.length >= (priority ? (options.maxPriorityQueued ?? 0) : options.maxQueued)) throw new QueueFullError();
        await new Promise<void>((resolve) => lane.push(resolve));
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
      return waiting.length + priorityWaiting.length;
    },
  };
}
