import { desc } from 'drizzle-orm';
import { vacuumAfterBulkWrite } from '../../db/after-bulk-write';
import type { Background } from '../../platform/background';
import { yieldToLoop } from '../../platform/yield';
import { insertJsonRows } from '../../db/bulk-insert';
import { inStatements } from '../../platform/in-statements';
import type { Db, Queryable, Tx } from '../../db/open';
import { auditEvents, holdings, importLines, imports, ledgerEntries } from '../../db/schema';
import { IMPORT_FORMAT_NAMES, IMPORT_MAX_BYTES, IMPORT_MAX_LINES, IMPORT_TOO_LARGE } from '../../contract/import-rules';
import type { ImportCommitOutput, ImportInput, ImportPreviewOutput, ImportRecord, ImportsOutput } from '../../contract/imports';
import { dec } from '../../domain/money';
import { recordAudit, type Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { sha256 } from '../../platform/secrets';
import type { MarketService } from '../market/service';
import type { SymbolStatus } from '../market/lookup';
import type { Instrument } from '../market/provider';
import { firmSymbol } from '../portfolio/trade-rules';
import { recordDividend, recordSplit, sharesAt } from '../portfolio/corporate-actions';
import { purchase } from '../portfolio/holdings';
import { deferVersion, portfolioChanged, writeBooks } from '../portfolio/ledger';
import { lockedCash, moveMoney, sellLots, type BooksDeps } from '../portfolio/trades';
import { writeLinesInBatch } from './batch';
import { buyInput, dividendInput, lineRefusal, moneyInput, noSharesForAmount, sellOrder, sellRefusal, splitInput } from './line-events';
import { readImport, type ImportLine, type ReadFile } from './formats';
import { perShareFor, planImport, type Planned } from './plan';

/**
 * Broker imports (docs/imports.md, docs/decisions/0017-broker-imports.md): preview writes nothing;
 * commit writes every new line in one transaction, dated on each line's own day, with the lines'
 * fingerprints and one audit event naming the file. The lines are replayed in memory through the
 * forms' own rules and written in multi-row statements (services/imports/batch.ts); writeLineByLine,
 * through the forms' services themselves (purchase, sellLots, moveMoney, recordSplit, recordDividend),
 * gives the same rows and is what the batch is checked against.
 */

export interface ImportsDeps {
  db: Db;
  now: () => Date;
  /** refreshSoon prices the symbols a commit brought in at once (the app's market service has it). */
  market: Pick<MarketService, 'lookup'> & Partial<Pick<MarketService, 'refreshSoon'>>;
  /** Runs the tables' VACUUM after the answer (the app's; without it, as the benches and tests run, it is left out). */
  background?: Background;
}

async function readChecked(input: ImportInput): Promise<{ read: ReadFile; hash: string }> {
  if (Buffer.byteLength(input.csv, 'utf8') > IMPORT_MAX_BYTES) throw fail.tooLarge(IMPORT_TOO_LARGE);
  const read = await readImport(input.csv, input.format);
  if (read.count > IMPORT_MAX_LINES) {
    throw fail.tooLarge(
      `The file has ${read.count.toLocaleString('en-US')} lines; at most ${IMPORT_MAX_LINES.toLocaleString('en-US')} are imported at once. Split it by date.`,
    );
  }
  return { read, hash: sha256(input.csv) };
}

type Lookup = (instrument: Instrument) => Promise<SymbolStatus>;

/**
 * The market data check of every symbol the file names, asked before the commit's transaction (the
 * provider's answers are cached through the database, which the embedded database would otherwise
 * make wait on the transaction); the plan then reads the answers.
 */
async function lookedUp(deps: ImportsDeps, read: ReadFile): Promise<Lookup> {
  const answers = new Map<string, SymbolStatus>();
  for (const l of read.lines) {
    if (!l.symbol) continue;
    const instrument: Instrument = { symbol: firmSymbol(l.symbol, l.assetType), kind: l.assetType };
    const key = `${instrument.kind}:${instrument.symbol}`;
    if (!answers.has(key)) answers.set(key, await deps.market.lookup(instrument));
  }
  return (i) => Promise.resolve(answers.get(`${i.kind}:${i.symbol}`) ?? 'unavailable');
}

const planDeps = (deps: ImportsDeps, db: Queryable, lookup: Lookup) => ({ db, now: deps.now, lookup });

function countsOf(read: ReadFile, planned: Planned) {
  return {
    lines: read.count,
    new: planned.writes.length + planned.joined.length,
    duplicates: planned.duplicates.length,
    errors: new Set(planned.problems.map((p) => p.line)).size,
  };
}

/** POST /api/imports/preview: every line read and checked, what it will become, every problem; nothing written. */
export async function previewImport(deps: ImportsDeps, input: ImportInput): Promise<ImportPreviewOutput> {
  const { read, hash } = await readChecked(input);
  const planned = await planImport(
    planDeps(deps, deps.db, (i) => deps.market.lookup(i)),
    read,
  );
  return {
    format: read.format,
    file_name: input.file_name,
    sha256: hash,
    counts: countsOf(read, planned),
    lines: await planned.views(),
    problems: planned.problems,
  };
}

const recordOf = (row: typeof imports.$inferSelect): ImportRecord => ({
  id: row.id,
  file_name: row.fileName,
  sha256: row.sha256,
  format: row.format,
  lines: row.lines,
  added: row.added,
  duplicates: row.duplicates,
  actor_email: row.actorEmail,
  at: row.at.toISOString(),
});

/** Writes one line through the service function the same event typed by hand would use; answers its ledger entry. */
async function writeLine(books: BooksDeps, actor: Actor, l: ImportLine): Promise<number> {
  if (l.kind === 'buy') {
    const bought = await purchase(books, actor, buyInput(l), 'import');
    return bought.entryIds[0]!;
  }
  if (l.kind === 'sell') {
    const sold = await sellLots(books, actor, sellOrder(l));
    if (sold.ok) return sold.entryId;
    throw sellRefusal(l, sold);
  }
  if (l.kind === 'split') return (await recordSplit(books, actor, splitInput(l))).id;
  if (l.kind === 'dividend') {
    let perShare = l.price!;
    if (l.amount) {
      // The gross the broker paid, on the shares the books hold at the ex-date.
      const shares = dec(await sharesAt(books.db, l.symbol ?? '', l.date));
      const exact = shares.gt(0) ? perShareFor(shares, dec(l.amount)) : null;
      if (!exact) throw noSharesForAmount(l);
      perShare = exact;
    }
    return (await recordDividend(books, actor, dividendInput(l, perShare))).id;
  }
  return (await moveMoney(books, actor, moneyInput(l))).entryId;
}

/** How the planned lines are written: in batches (the import's own way), or line by line through the forms' services. */
export type LineWriter = (tx: Tx, actor: Actor, now: Date, lines: readonly ImportLine[]) => Promise<number[]>;

/** Line by line through the forms' services, about seven statements a line: the reference the batch is checked against. */
export const writeLineByLine: LineWriter = async (tx, actor, now, lines) => {
  const ids: number[] = [];
  for (const l of lines) {
    const books: BooksDeps = { db: tx, now: () => now, bookDate: l.date, source: 'import' };
    try {
      ids.push(await writeLine(books, actor, l));
    } catch (err) {
      throw lineRefusal(l, err);
    }
  }
  return ids;
};

/** The books read once, every line replayed in memory through the same rules, written in a few multi-row statements. */
export const writeBatched: LineWriter = (tx, actor, now, lines) => writeLinesInBatch(tx, actor, now, lines, lineRefusal);

/**
 * POST /api/imports: all or nothing. The file is checked again inside the transaction (the balances
 * row locked, so two imports run one after the other); any problem refuses the whole file, naming
 * its lines. Lines already imported are skipped and reported.
 */
export async function commitImport(
  deps: ImportsDeps,
  actor: Actor,
  input: ImportInput,
  write: LineWriter = writeBatched,
): Promise<ImportCommitOutput> {
  const { read, hash } = await readChecked(input);
  const now = deps.now();
  const lookup = await lookedUp(deps, read);
  const result = await writeBooks(deps.db, async (tx) => {
    await lockedCash(tx);
    const planned = await planImport(planDeps(deps, tx, lookup), read);
    if (planned.problems.length > 0) {
      const shown = planned.problems.slice(0, 5).map((p) => p.message);
      const more = planned.problems.length > 5 ? ` (and ${planned.problems.length - 5} more problems)` : '';
      throw fail.badRequest(`Nothing was imported: ${shown.join('; ')}${more}.`);
    }
    const counts = countsOf(read, planned);
    const duplicateLines = planned.duplicates.map((d) => d.line);
    if (planned.writes.length === 0) return { record: null, counts, duplicateLines };
    deferVersion(tx);
    const [row] = await tx
      .insert(imports)
      .values({
        fileName: input.file_name,
        sha256: hash,
        format: read.format!,
        lines: read.count,
        added: counts.new,
        duplicates: counts.duplicates,
        actorId: actor.id,
        actorEmail: actor.email,
        at: now,
      })
      .returning();
    const entryIds = await write(tx, actor, now, planned.writes);
    const lineRows: (typeof importLines.$inferInsert)[] = planned.writes.map((l, i) => ({
      importId: row!.id,
      fingerprint: l.fingerprint,
      lineNo: l.line,
      kind: l.kind,
      ledgerEntryId: entryIds[i] ?? null,
    }));
    for (const l of planned.joined)
      lineRows.push({ importId: row!.id, fingerprint: l.fingerprint, lineNo: l.line, kind: 'dividend', ledgerEntryId: null });
    await inStatements(lineRows, (part) => insertJsonRows(tx, importLines, part));
    await recordAudit(tx, actor, now, [
      {
        action: 'import.commit',
        entity: 'import',
        entityId: row!.id,
        after: {
          file_name: input.file_name,
          sha256: hash,
          format: read.format,
          lines: counts.lines,
          added: counts.new,
          duplicates: counts.duplicates,
        },
      },
    ]);
    await portfolioChanged(tx);
    return { record: recordOf(row!), counts, duplicateLines };
  });
  // Symbols the firm did not hold get their quotes now, in the background, not at the next refresh.
  if (result.record) deps.market.refreshSoon?.();
  if (result.record)
    deps.background?.run('vacuum after an import', () =>
      vacuumAfterBulkWrite(deps.db, [ledgerEntries, holdings, importLines, auditEvents], yieldToLoop),
    );
  const format = read.format ? IMPORT_FORMAT_NAMES[read.format] : 'CSV';
  const dupText = result.counts.duplicates > 0 ? `; ${result.counts.duplicates} already imported, not added again` : '';
  return {
    message: `Imported ${input.file_name} (${format}): ${result.counts.new} ${result.counts.new === 1 ? 'line' : 'lines'} added${dupText}.`,
    import: result.record,
    counts: result.counts,
    duplicate_lines: result.duplicateLines,
  };
}

/** GET /api/imports: the past imports, newest first. */
export async function listImports(deps: { db: Queryable }): Promise<ImportsOutput> {
  const rows = await deps.db.select().from(imports).orderBy(desc(imports.id)).limit(200);
  return { imports: rows.map(recordOf) };
}
