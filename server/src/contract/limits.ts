/**
 * Most calls one tRPC request may batch: the server refuses more (400), and the client's batch
 * link splits its calls at this size.
 */
export const MAX_BATCH_SIZE = 10;
