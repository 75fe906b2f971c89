import { statementCsv, statementFileName, statementOf, type StatementDeps } from './statement';
import { renderStatementPdf } from './pdf-render';

/** A file a procedure answers: over REST it is sent as the file itself, over tRPC as this object. */
export interface Download {
  fileName: string;
  contentType: string;
  encoding: 'base64' | 'utf8';
  body: string;
}

export async function statementPdfDownload(deps: StatementDeps, userId: number, quarter: string): Promise<Download> {
  const statement = await statementOf(deps, userId, quarter);
  const pdf = await renderStatementPdf(statement);
  return {
    fileName: statementFileName(statement, 'pdf'),
    contentType: 'application/pdf',
    encoding: 'base64',
    body: pdf.toString('base64'),
  };
}

export async function statementCsvDownload(deps: StatementDeps, userId: number, quarter: string): Promise<Download> {
  const statement = await statementOf(deps, userId, quarter);
  return {
    fileName: statementFileName(statement, 'csv'),
    contentType: 'text/csv; charset=utf-8',
    encoding: 'utf8',
    body: statementCsv(statement),
  };
}
