/**
 * The limits of a reconciliation's positions file (docs/reconciliation.md), without zod, so the
 * Reconciliation page checks a file's size before sending it without loading any schema code.
 */

/** The largest positions file accepted, in bytes: past it the answer is 413. */
export const RECONCILIATION_FILE_MAX_BYTES = 100 * 1024;
export const RECONCILIATION_FILE_MAX_TEXT = '100 KB';
/** The message for a file past the limit, on the page and from the server alike. */
export const FILE_TOO_LARGE = `The file is too large: a positions file can be at most ${RECONCILIATION_FILE_MAX_TEXT}.`;
/** The longest file name kept with a run. */
export const FILE_NAME_MAX = 200;
