import type { Logger } from '../log';

/** Work a request starts but does not wait for, so its answer cannot depend on it. */
export interface Background {
  /**
   * Runs the task after the current answer has gone out. A failure is logged, never thrown:
   * the caller has already answered.
   */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (shutdown waits for it; so do tests). */
  idle(): Promise<void>;
}

export function createBackground(log: Pick<Logger, 'error'>): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${what} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      // A task may start others; wait until none is left.
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
