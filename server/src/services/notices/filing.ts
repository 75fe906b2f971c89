import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { capitalEntries, filedDocuments, users } from '../../db/schema';
import { quarterDays, UNIT_PLACES } from '../../domain/capital';
import { dayInNewYork } from '../../domain/dates';
import { dec, fixed } from '../../domain/money';
import { quarterBefore, quarterOfDay } from '../../domain/schedule';
import { usd } from '../../platform/format';
import { statementFileName, statementOf } from '../capital/statement';
import { renderNoticePdf, renderStatementPdf } from '../capital/pdf-render';
import type { PortfolioEngine } from '../portfolio/engine';
import { fileDocument, type FileDocumentInput } from '../documents/file';
import { PORTAL } from './queue';
import { longDay } from '../capital/pdf-page';
import { noticeTitle } from './notice-pdf';

/**
 * The documents the portal files itself (docs/decisions/0021): a capital call or distribution
 * notice for each contribution and distribution, and each LP's statement once a quarter has ended.
 * Each has one `filed_documents` row, keyed by what it files, written where the need arises (the
 * entry's own transaction, or the quarter's claim); a background job files the due rows, each in a
 * transaction that files the document and marks the row, so a document is filed exactly once.
 */

export interface FilingDeps {
  db: Db;
  portfolio: PortfolioEngine;
  now: () => Date;
  /** The firm's payment instructions, one line each (PAYMENT_INSTRUCTIONS). */
  paymentInstructions: string[];
}

const statementSource = (userId: number, quarter: string) => `statement:${userId}:${quarter}`;

/** A failed filing waits this long times its attempts (at most an hour) before it is tried again. */
const RETRY_STEP_MS = 5 * 60_000;

/**
 * Queues the statement of the last quarter that has ended for every LP with a capital entry dated
 * in or before it. The row's unique source is the claim: any number of instances, any number of
 * times, queue each LP's statement of a quarter once. Run at start-up too, it catches up a quarter
 * end the server was down for.
 */
export async function queueQuarterStatements(deps: Pick<FilingDeps, 'db' | 'now'>): Promise<{ quarter: string; queued: number }> {
  const now = deps.now();
  const quarter = quarterBefore(dayInNewYork(now));
  const { last } = quarterDays(quarter)!;
  const partners = await deps.db
    .selectDistinct({ userId: capitalEntries.userId })
    .from(capitalEntries)
    .innerJoin(users, eq(users.id, capitalEntries.userId))
    .where(and(lte(capitalEntries.date, last), eq(users.role, 'LP')));
  if (partners.length === 0) return { quarter, queued: 0 };
  const queued = await deps.db
    .insert(filedDocuments)
    .values(
      partners.map((p) => ({
        source: statementSource(p.userId, quarter),
        kind: 'statement' as const,
        userId: p.userId,
        period: quarter,
        dueAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: filedDocuments.id });
  return { quarter, queued: queued.length };
}

type Row = typeof filedDocuments.$inferSelect;

/** What a due row files: the document's fields and file, or null when there is nothing to file (its entry was removed). */
async function documentFor(deps: FilingDeps, row: Row): Promise<Omit<FileDocumentInput, 'by'> | null> {
  if (row.kind === 'statement') {
    const quarter = row.period!;
    const statement = await statementOf({ db: deps.db, portfolio: deps.portfolio, now: deps.now }, row.userId, quarter);
    return {
      title: `Capital account statement ${quarter}`,
      kind: 'statement',
      period: quarter,
      audience: { userIds: [row.userId] },
      fileName: statementFileName(statement, 'pdf'),
      bytes: await renderStatementPdf(statement),
    };
  }
  const [entry] = await deps.db
    .select({ entry: capitalEntries, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(capitalEntries)
    .innerJoin(users, eq(users.id, capitalEntries.userId))
    .where(eq(capitalEntries.id, row.entryId ?? -1));
  if (!entry || (entry.entry.kind !== 'contribution' && entry.entry.kind !== 'distribution')) return null;
  const e = entry.entry;
  const kind = e.kind as 'contribution' | 'distribution';
  const bytes = await renderNoticePdf({
    kind,
    partner: { name: `${entry.firstName} ${entry.lastName}`, email: entry.email },
    amount: dec(e.amount).toFixed(2),
    date: e.date,
    units: fixed(dec(e.units).abs(), UNIT_PLACES),
    unitValue: e.unitValue ?? '0',
    issued: dayInNewYork(deps.now()),
    paymentInstructions: deps.paymentInstructions,
  });
  return {
    title: `${noticeTitle(kind)}: ${usd(dec(e.amount).toFixed(2))}, ${longDay(e.date)}`,
    kind: 'notice',
    period: quarterOfDay(e.date),
    audience: { userIds: [e.userId] },
    fileName: `${kind === 'contribution' ? 'capital-call' : 'distribution'}-notice-${e.date}-${e.id}.pdf`,
    bytes,
  };
}

export interface FilingPass {
  filed: number;
  cancelled: number;
  failed: number;
}

/**
 * Files every due row: the document is made first (outside any transaction), then filed and the
 * row marked in one transaction that holds the row, so of two instances at the same row one files
 * it and the other finds it done. A failure is counted, kept on the row and tried again later.
 */
export async function fileDueDocuments(deps: FilingDeps, log?: FilingLog): Promise<FilingPass> {
  const pass: FilingPass = { filed: 0, cancelled: 0, failed: 0 };
  // Batch after batch (a quarter end of thousands of LPs is one pass), until a batch moves nothing:
  // what is left is another instance's, or failed and waits for its retry.
  for (;;) {
    const batch = await fileBatch(deps, log);
    pass.filed += batch.filed;
    pass.cancelled += batch.cancelled;
    pass.failed += batch.failed;
    if (batch.filed + batch.cancelled === 0 || batch.rows < BATCH) return pass;
  }
}

type FilingLog = { error: (obj: object, msg: string) => void };
const BATCH = 100;

async function fileBatch(deps: FilingDeps, log?: FilingLog): Promise<FilingPass & { rows: number }> {
  const pass = { filed: 0, cancelled: 0, failed: 0, rows: 0 };
  const due = await deps.db
    .select()
    .from(filedDocuments)
    .where(and(isNull(filedDocuments.filedAt), isNull(filedDocuments.cancelledAt), lte(filedDocuments.dueAt, deps.now())))
    .orderBy(asc(filedDocuments.dueAt), asc(filedDocuments.id))
    .limit(BATCH);
  pass.rows = due.length;
  for (const row of due) {
    try {
      const input = await documentFor(deps, row);
      const outcome = await deps.db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: filedDocuments.id })
          .from(filedDocuments)
          .where(and(eq(filedDocuments.id, row.id), isNull(filedDocuments.filedAt), isNull(filedDocuments.cancelledAt)))
          .for('update', { skipLocked: true });
        if (!held) return 'taken' as const;
        const at = deps.now();
        if (input === null) {
          await tx.update(filedDocuments).set({ cancelledAt: at }).where(eq(filedDocuments.id, row.id));
          return 'cancelled' as const;
        }
        const { id } = await fileDocument({ db: tx, now: deps.now }, { ...input, by: PORTAL });
        await tx.update(filedDocuments).set({ documentId: id, filedAt: at, lastError: null }).where(eq(filedDocuments.id, row.id));
        return 'filed' as const;
      });
      if (outcome === 'filed') pass.filed += 1;
      if (outcome === 'cancelled') pass.cancelled += 1;
    } catch (err) {
      pass.failed += 1;
      log?.error({ err, source: row.source }, 'a document the portal files could not be filed; it is tried again later');
      const attempts = row.attempts + 1;
      await deps.db
        .update(filedDocuments)
        .set({
          attempts,
          lastError: err instanceof Error ? err.message.slice(0, 500) : 'failed',
          dueAt: new Date(deps.now().getTime() + Math.min(attempts, 12) * RETRY_STEP_MS),
        })
        .where(eq(filedDocuments.id, row.id))
        .catch(() => undefined);
    }
  }
  return pass;
}

/** How many rows wait to be filed (for the tests and the logs). */
export async function waitingToFile(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(filedDocuments)
    .where(and(isNull(filedDocuments.filedAt), isNull(filedDocuments.cancelledAt)));
  return row?.n ?? 0;
}
