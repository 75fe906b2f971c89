/**
 * Most calls one tRPC request may batch: the server refuses more (400), and the client's batch
 * link splits its calls at this size.
 */
export const MAX_BATCH_SIZE = 10;

/** Statements, exports and capital accounts: each costs the server far more than a plain read. */
export const HEAVY_READS_LIMITED =
  'Too many statements, exports or capital account reads in a short time. Please wait a few seconds and try again.';

/** Every PDF worker is busy and enough statements wait already. */
export const STATEMENTS_BUSY = 'Too many statements are being prepared right now. Please try again in a moment.';
