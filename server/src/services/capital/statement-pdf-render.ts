import { availableParallelism } from 'node:os';
import { STATEMENTS_BUSY } from '../../contract/limits';
import { fail } from '../../platform/errors';
import { QueueFullError } from '../../platform/work-queue';
import { createWorkerPool } from '../../platform/worker-pool';
import type { Statement } from './statement';

/**
 * From source (tests, `pnpm dev`) the worker is the TypeScript file, loaded through tsx; in the
 * build it is dist/statement-pdf-worker.js beside dist/main.js (server/scripts/build.ts).
 */
const fromSource = import.meta.url.endsWith('.ts');

const pool = createWorkerPool<Statement, Uint8Array>({
  url: new URL(fromSource ? './statement-pdf-worker.ts' : './statement-pdf-worker.js', import.meta.url),
  execArgv: fromSource ? ['--import', 'tsx'] : [],
  // A core for the event loop, as the argon2 queue leaves one.
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueued: 20,
});

/** The statement's PDF, rendered on a worker thread: a page of pdfkit work held the event loop tens of milliseconds. */
export async function renderStatementPdf(statement: Statement): Promise<Buffer> {
  try {
    const pdf = await pool.run(statement);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } catch (err) {
    if (err instanceof QueueFullError) throw fail.tooMany(STATEMENTS_BUSY);
    throw err;
  }
}
