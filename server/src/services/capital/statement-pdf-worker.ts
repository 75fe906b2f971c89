/** A worker thread's entry: renders statement PDFs (statement-pdf.ts) off the event loop. */
import { answerJobs } from '../../platform/worker-pool';
import type { Statement } from './statement';
import { statementPdf } from './statement-pdf';

answerJobs<Statement, Uint8Array>((statement) => statementPdf(statement));
