import { createHash } from 'node:crypto';
import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { reconciliations } from '../../db/schema';
import type {
  ReconciliationCash,
  ReconciliationLine,
  ReconciliationListOutput,
  ReconciliationOutput,
  ReconciliationRunInput,
  ReconciliationSummary,
} from '../../contract/reconciliation';
import { FILE_TOO_LARGE, RECONCILIATION_FILE_MAX_BYTES } from '../../contract/reconciliation-rules';
import { dayInNewYork } from '../../domain/dates';
import { comparePositions, comparisonMessage } from '../../domain/reconciliation';
import { recordAudit, type Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { readPositionsFile } from './positions-file';
import { positionsOn } from '../portfolio/positions-on';

/**
 * Reconciliation with the broker (docs/reconciliation.md, docs/decisions/0019-reconciliation.md):
 * the broker's positions for a day against the books', every run kept and audited.
 */
export interface ReconciliationDeps {
  db: Db;
  now: () => Date;
}

/** The runs listed, newest first. */
const LIST_LIMIT = 200;

type Row = typeof reconciliations.$inferSelect;

const summaryOf = (row: Omit<Row, 'lines' | 'cash'>): ReconciliationSummary => ({
  id: row.id,
  date: row.date,
  run_at: row.runAt.toISOString(),
  run_by: row.runByEmail,
  file_name: row.fileName,
  file_sha256: row.fileSha256,
  clean: row.clean,
  difference_count: row.differenceCount,
});

const outputOf = (row: Row): ReconciliationOutput => ({
  ...summaryOf(row),
  lines: row.lines as ReconciliationLine[],
  cash: row.cash as ReconciliationCash | null,
  message: comparisonMessage(row.date, row.differenceCount),
});

/** Compares the broker's file with the books on its day, keeps the run and audits it. */
export async function runReconciliation(
  deps: ReconciliationDeps,
  actor: Actor,
  input: ReconciliationRunInput,
): Promise<ReconciliationOutput> {
  const now = deps.now();
  const today = dayInNewYork(now);
  if (input.date > today) {
    throw fail.badRequest(`The date ${input.date} is in the future: positions can be compared for today (${today}) or an earlier day.`);
  }
  const bytes = Buffer.byteLength(input.csv, 'utf8');
  if (bytes > RECONCILIATION_FILE_MAX_BYTES) throw fail.tooLarge(FILE_TOO_LARGE);
  const broker = readPositionsFile(input.csv);

  return deps.db.transaction(async (tx) => {
    // The books at the end of the day asked, replayed from the ledger, in that day's terms (as the broker's file of that day).
    const books = await positionsOn(tx, input.date);
    const here = new Map([...books.quantities].map(([symbol, p]) => [symbol, p.qty]));
    const comparison = comparePositions(here, broker.quantities, { here: books.cash, broker: broker.cash });
    const [row] = await tx
      .insert(reconciliations)
      .values({
        date: input.date,
        runBy: actor.id,
        runByEmail: actor.email,
        runAt: now,
        fileName: input.file_name,
        fileSha256: createHash('sha256').update(input.csv, 'utf8').digest('hex'),
        clean: comparison.clean,
        differenceCount: comparison.differenceCount,
        lines: comparison.lines,
        cash: comparison.cash,
      })
      .returning();
    if (!row) throw new Error('the reconciliation was not stored');
    await recordAudit(tx, actor, now, [
      {
        action: 'reconciliation.run',
        entity: 'reconciliation',
        entityId: row.id,
        after: {
          date: row.date,
          file_name: row.fileName,
          file_sha256: row.fileSha256,
          clean: row.clean,
          difference_count: row.differenceCount,
          differences: comparison.lines.filter((l) => !l.agrees),
          cash: comparison.cash,
        },
      },
    ]);
    return outputOf(row);
  });
}

/** Past runs, newest first. */
export async function listReconciliations(deps: ReconciliationDeps): Promise<ReconciliationListOutput> {
  const { lines: _lines, cash: _cash, ...columns } = getTableColumns(reconciliations);
  const rows = await deps.db
    .select(columns)
    .from(reconciliations)
    .orderBy(desc(reconciliations.runAt), desc(reconciliations.id))
    .limit(LIST_LIMIT);
  return { runs: rows.map(summaryOf) };
}

/** One run with every line compared. */
export async function getReconciliation(deps: ReconciliationDeps, id: number): Promise<ReconciliationOutput> {
  const [row] = await deps.db.select().from(reconciliations).where(eq(reconciliations.id, id));
  if (!row) throw fail.notFound('No reconciliation with that id.');
  return outputOf(row);
}
