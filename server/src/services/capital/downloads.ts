import { derivedAnswer } from '../portfolio/derived';
import { statementCsv, statementFileName, statementOf, type StatementDeps } from './statement';
import { renderStatementPdf } from './pdf-render';

/** A file a procedure answers: over REST it is sent as the file itself, over tRPC as this object. */
export interface Download {
  fileName: string;
  contentType: string;
  encoding: 'base64' | 'utf8';
  body: string;
}

/**
 * A statement's PDF, drawn once per version of the books (and of the capital entries, the partners
 * and the snapshots: derived.ts) and day: the same file downloaded again is not drawn again.
 */
export function statementPdfDownload(deps: StatementDeps, userId: number, quarter: string): Promise<Download> {
  return derivedAnswer(deps, `statement-pdf|${userId}|${quarter}`, async () => {
    const statement = await statementOf(deps, userId, quarter);
    const pdf = await renderStatementPdf(statement);
    return {
      fileName: statementFileName(statement, 'pdf'),
      contentType: 'application/pdf',
      encoding: 'base64',
      body: pdf.toString('base64'),
    };
  });
}

export function statementCsvDownload(deps: StatementDeps, userId: number, quarter: string): Promise<Download> {
  return derivedAnswer(deps, `statement-csv|${userId}|${quarter}`, async () => {
    const statement = await statementOf(deps, userId, quarter);
    return {
      fileName: statementFileName(statement, 'csv'),
      contentType: 'text/csv; charset=utf-8',
      encoding: 'utf8',
      body: statementCsv(statement),
    };
  });
}
