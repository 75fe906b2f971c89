/** A worker thread's entry: parses uploaded PDFs (pdf-pages.ts) off the event loop. */
import { answerJobs } from '../../platform/worker-pool';
import { pdfPages } from './pdf-pages';

answerJobs<Uint8Array, number | null>((bytes) => pdfPages(bytes));
