/**
 * Lets the event loop run what waits (other requests, /healthz) in the middle of long work in
 * memory, such as an import's plan and replay of thousands of lines.
 */
export const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** Lines (or rows) handled between two yields. */
export const YIELD_EVERY = 500;
