/** A worker thread's entry: renders the statements' and the notices' PDFs off the event loop (pdf-render.ts). */
import { answerJobs } from '../../platform/worker-pool';
import { noticePdf } from '../notices/notice-pdf';
import type { PdfJob } from './pdf-render';
import { statementPdf } from './statement-pdf';

answerJobs<PdfJob, Uint8Array>((job) => (job.kind === 'statement' ? statementPdf(job.statement) : noticePdf(job.notice)));
