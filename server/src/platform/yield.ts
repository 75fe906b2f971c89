/**
 * Lets the event loop run what waits (other requests, /healthz) in the middle of long work in
 * memory, such as an import's plan and replay of thousands of lines. Two immediates, not one: work
 * started by a request or a query's answer runs in the loop's poll phase, whose check phase comes
 * next, so one immediate ran the next slice at once, before any timer or I/O, and the loop was held
 * for two slices (measured at L: the GP's capital accounts held it 24–31 ms in slices of 10 ms). The
 * second immediate waits for the next turn of the loop, after its timers and I/O.
 */
export const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** The longest a slice of long work runs before the event loop gets a turn (a fifth of the 50 ms a request may wait). */
export const SLICE_MS = 10;

/**
 * Long work in slices of time rather than of items: an import's lines cost from microseconds (a
 * deposit) to milliseconds (a sale across many lots), so a count of lines bounds nothing.
 * `if (slice.over()) await slice.pause();` inside the loop.
 */
export class LoopSlice {
  private started = performance.now();

  over(): boolean {
    return performance.now() - this.started >= SLICE_MS;
  }

  async pause(): Promise<void> {
    await yieldToLoop();
    this.started = performance.now();
  }
}

/** `each` for every item, in order, in slices of SLICE_MS. */
export async function inSlices<T>(items: Iterable<T>, each: (item: T) => void | Promise<void>): Promise<void> {
  const slice = new LoopSlice();
  for (const item of items) {
    if (slice.over()) await slice.pause();
    await each(item);
  }
}
