/**
 * The imports step of `pnpm bench` (BENCH_ONLY=imports runs it alone), or `tsx bench/imports.ts`
 * on its own (the embedded database only, unless BENCH_DATABASE_URL is set): preview and commit of
 * a 10,000-line generic CSV (docs/imports.md) timed in-process (no HTTP), on the embedded database
 * in memory and on a fresh PostgreSQL database: deposits, buys and sales of five symbols over
 * 2024–2025. Target: the commit under 10 s on the embedded database.
 */
import { pathToFileURL } from 'node:url';
import { openPglite, openPostgres, type Database } from '../server/src/db/open';
import { createUser } from '../server/src/services/users/users';
import { commitImport, previewImport, writeBatched, writeLineByLine } from '../server/src/services/imports/imports';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);
const SYMBOLS = ['AAPL', 'MSFT', 'KO', 'JNJ', 'WMT'];
/** BENCH_IMPORT_LINE_BY_LINE=1: the commit through the forms' services line by line (the reference, as before the batch). */
const LINE_BY_LINE = process.env.BENCH_IMPORT_LINE_BY_LINE === '1';
/** The commit of 10,000 lines on the embedded database, in seconds. */
export const IMPORT_COMMIT_TARGET_SECONDS = 10;

export interface ImportsResult {
  database: 'embedded' | 'postgres';
  lines: number;
  kilobytes: number;
  previewSeconds: number;
  commitSeconds: number;
  /** The longest the event loop was held during the preview and during the commit (what a /healthz would have waited at most). */
  previewLongestHoldMs: number;
  commitLongestHoldMs: number;
  added: number;
}

export function importFile(lines = LINES): string {
  const rows = ['date,kind,symbol,asset_type,quantity,price,fee,amount,note'];
  const start = Date.UTC(2024, 0, 2);
  for (let i = 0; i < lines; i += 1) {
    const day = new Date(start + Math.floor((i / lines) * 650) * 86_400_000).toISOString().slice(0, 10);
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    if (i % 10 === 0) rows.push(`${day},deposit,,,,,,1000.00,bench ${i}`);
    else if (i % 3 === 0) rows.push(`${day},sell,${symbol},stock,1,${(100 + (i % 50)).toFixed(2)},0.50,,`);
    else rows.push(`${day},buy,${symbol},stock,2,${(90 + (i % 40)).toFixed(2)},1.00,,`);
  }
  return `${rows.join('\n')}\n`;
}

/** The most a request that /healthz sends would wait during the import's work. */
export const IMPORT_HOLD_TARGET_MS = 50;

/**
 * The longest the event loop went without a turn while `work` ran: a 1 ms timer notes each gap
 * between two of its turns, from before `work` starts. (monitorEventLoopDelay missed a block that
 * began right after it was enabled: 116 ms reported where a 465 ms parse of the file held the loop.)
 */
async function longestHold<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; elapsedMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise<void>((resolve) => setTimeout(resolve, 5));
  const start = performance.now();
  try {
    const value = await work();
    const elapsedMs = performance.now() - start;
    // The gap the work ended in counts too.
    await new Promise<void>((resolve) => setImmediate(resolve));
    longest = Math.max(longest, performance.now() - last);
    return { value, ms: longest, elapsedMs };
  } finally {
    clearInterval(timer);
  }
}

/** Preview, then commit, of the bench file on a migrated, empty database. */
async function timeImport(database: Database, kind: ImportsResult['database']): Promise<ImportsResult> {
  const user = await createUser(
    { db: database.db },
    { email: 'bench@imports.test', firstName: 'Bench', lastName: 'GP', role: 'GP', passwordHash: null },
  );
  const deps = { db: database.db, now: () => new Date(), market: { lookup: () => Promise.resolve('priced' as const) } };
  const csv = importFile();
  const input = { file_name: 'bench.csv', format: 'generic' as const, csv };
  const preview = await longestHold(() => previewImport(deps, input));
  if (preview.value.counts.errors > 0) throw new Error(`the bench file has problems: ${preview.value.problems[0]?.message}`);
  const commit = await longestHold(() =>
    commitImport(deps, { id: user.id, email: 'bench@imports.test' }, input, LINE_BY_LINE ? writeLineByLine : writeBatched),
  );
  return {
    database: kind,
    lines: LINES,
    kilobytes: Math.round(csv.length / 1024),
    previewSeconds: preview.elapsedMs / 1000,
    commitSeconds: commit.elapsedMs / 1000,
    previewLongestHoldMs: preview.ms,
    commitLongestHoldMs: commit.ms,
    added: commit.value.counts.new,
  };
}

export interface ImportsOptions {
  log: (message: string) => void;
  /** A fresh PostgreSQL database's URL, or null to measure the embedded database only. */
  createDatabase: (() => Promise<string>) | null;
  dropDatabase: () => Promise<void>;
}

export async function runImports(options: ImportsOptions): Promise<ImportsResult[]> {
  const results: ImportsResult[] = [];
  options.log(`imports: ${LINES} lines on the embedded database (in memory)`);
  const embedded = await openPglite();
  try {
    await embedded.migrate();
    results.push(await timeImport(embedded, 'embedded'));
  } finally {
    await embedded.close();
  }
  if (options.createDatabase) {
    const url = await options.createDatabase();
    options.log(`imports: ${LINES} lines on PostgreSQL`);
    const postgres = openPostgres(url, 5);
    try {
      await postgres.migrate();
      results.push(await timeImport(postgres, 'postgres'));
    } finally {
      await postgres.close();
      await options.dropDatabase();
    }
  }
  return results;
}

export function formatImports(results: readonly ImportsResult[]): string {
  const lines = [`Imports (preview and commit of one generic CSV, in-process${LINE_BY_LINE ? ', committed line by line' : ''}):`];
  for (const r of results) {
    lines.push(
      `  ${r.database === 'embedded' ? 'embedded database' : 'PostgreSQL       '}  ${r.lines} lines (${r.kilobytes} KB): ` +
        `preview ${r.previewSeconds.toFixed(2)} s, commit ${r.commitSeconds.toFixed(2)} s (${r.added} added); ` +
        `event loop held at most ${Math.round(r.previewLongestHoldMs)} ms (preview) and ${Math.round(r.commitLongestHoldMs)} ms (commit) at a time`,
    );
  }
  const embedded = results.find((r) => r.database === 'embedded');
  if (embedded) {
    const ok = embedded.commitSeconds < IMPORT_COMMIT_TARGET_SECONDS;
    lines.push(
      `  target: commit of ${embedded.lines} lines on the embedded database under ${IMPORT_COMMIT_TARGET_SECONDS} s: ${ok ? 'OK' : 'MISS'}`,
    );
  }
  const held = Math.max(...results.map((r) => Math.max(r.previewLongestHoldMs, r.commitLongestHoldMs)));
  lines.push(
    `  target: the event loop held at most ${IMPORT_HOLD_TARGET_MS} ms at a time: ${held <= IMPORT_HOLD_TARGET_MS ? 'OK' : 'MISS'} (${Math.round(held)} ms)`,
  );
  return lines.join('\n');
}

/** On its own: the embedded database, and PostgreSQL when BENCH_DATABASE_URL is set. */
async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL?.trim();
  const name = `bench_imports_${process.pid}_${Date.now()}`;
  const admin = adminUrl ? openPostgres(adminUrl, 1) : null;
  try {
    const results = await runImports({
      log: (m) => console.error(m),
      createDatabase: admin
        ? async () => {
            await admin.db.execute(`create database ${name}`);
            const url = new URL(adminUrl!);
            url.pathname = `/${name}`;
            return url.toString();
          }
        : null,
      dropDatabase: async () => {
        await admin?.db.execute(`drop database if exists ${name} with (force)`);
      },
    });
    console.log(formatImports(results));
  } finally {
    await admin?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
