import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  EMPTY_FILE_MESSAGE,
  NOT_A_PDF_MESSAGE,
  TOO_LARGE_MESSAGE,
  UNREADABLE_PDF_MESSAGE,
  UPLOADS_BUSY_MESSAGE,
  DOCUMENT_LIMITS,
} from '../../contract/document-rules';
import { fail } from '../../platform/errors';
import { QueueFullError } from '../../platform/work-queue';
import { createWorkerPool } from '../../platform/worker-pool';

/** A PDF's first bytes: "%PDF-". */
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** From source (tests, `pnpm dev`) the worker is the TypeScript file, loaded through tsx; built, it sits beside dist/main.js. */
const fromSource = import.meta.url.endsWith('.ts');

const parsers = createWorkerPool<Uint8Array, number | null>({
  url: new URL(fromSource ? './pdf-pages-worker.ts' : './pdf-pages-worker.js', import.meta.url),
  execArgv: fromSource ? ['--import', 'tsx'] : [],
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueued: 8,
});

/** Parsing a 25 MB PDF takes pdf-lib hundreds of milliseconds: it runs on a worker thread so other requests are answered meanwhile. */
async function pagesOf(bytes: Uint8Array): Promise<number | null> {
  try {
    return await parsers.run(bytes);
  } catch (err) {
    if (err instanceof QueueFullError) throw fail.tooMany(UPLOADS_BUSY_MESSAGE);
    throw err;
  }
}

/**
 * Refuses anything but a real PDF of at most 25 MB (docs/decisions/0020): it starts with %PDF-
 * and pdf-lib parses it (pdf-pages.ts, on a worker thread) into a document of at least one page.
 */
export async function checkPdf(bytes: Uint8Array): Promise<{ pages: number }> {
  if (bytes.length === 0) throw fail.badRequest(EMPTY_FILE_MESSAGE);
  if (bytes.length > DOCUMENT_LIMITS.maxBytes) throw fail.tooLarge(TOO_LARGE_MESSAGE);
  if (bytes.length < MAGIC.length || MAGIC.some((b, i) => bytes[i] !== b)) throw fail.badRequest(NOT_A_PDF_MESSAGE);
  const pages = await pagesOf(bytes);
  if (pages === null || pages < 1) throw fail.badRequest(UNREADABLE_PDF_MESSAGE);
  return { pages };
}
