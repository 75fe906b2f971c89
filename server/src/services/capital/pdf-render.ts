import { availableParallelism } from 'node:os';
import { STATEMENTS_BUSY } from '../../contract/limits';
import { fail } from '../../platform/errors';
import { QueueFullError } from '../../platform/work-queue';
import { createWorkerPool } from '../../platform/worker-pool';
import type { Notice } from '../notices/notice-pdf';
import type { Statement } from './statement';

/** What a PDF worker draws: a capital account statement or a capital notice. */
export type PdfJob = { kind: 'statement'; statement: Statement } | { kind: 'notice'; notice: Notice };

/**
 * From source (tests, `pnpm dev`) the worker is the TypeScript file, loaded through tsx; in the
 * build it is dist/pdf-worker.js beside dist/main.js (server/scripts/build.ts).
 */
const fromSource = import.meta.url.endsWith('.ts');

const pool = createWorkerPool<PdfJob, Uint8Array>({
  url: new URL(fromSource ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url),
  execArgv: fromSource ? ['--import', 'tsx'] : [],
  // A core for the event loop, as the argon2 queue leaves one.
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueued: 20,
});

const bufferOf = (pdf: Uint8Array): Buffer => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);

/** The statement's PDF, rendered on a worker thread: a page of pdfkit work held the event loop tens of milliseconds. */
export async function renderStatementPdf(statement: Statement): Promise<Buffer> {
  try {
    return bufferOf(await pool.run({ kind: 'statement', statement }));
  } catch (err) {
    if (err instanceof QueueFullError) throw fail.tooMany(STATEMENTS_BUSY);
    throw err;
  }
}

/**
 * A capital notice's PDF, on the same workers. It is filed by a background job, which tries again
 * later when the workers' queue is full (the error is thrown as it is).
 */
export async function renderNoticePdf(notice: Notice): Promise<Buffer> {
  return bufferOf(await pool.run({ kind: 'notice', notice }));
}
