/**
 * `tsx bench/imports.ts`: preview and commit of a 10,000-line generic CSV (docs/imports.md) on the
 * embedded database in memory, timed in-process (no HTTP): deposits, buys and sales of five
 * symbols over 2024–2025. Prints the two times.
 */
import { openPglite } from '../server/src/db/open';
import { createUser } from '../server/src/services/users/users';
import { commitImport, previewImport } from '../server/src/services/imports/imports';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);
const SYMBOLS = ['AAPL', 'MSFT', 'KO', 'JNJ', 'WMT'];

function file(): string {
  const rows = ['date,kind,symbol,asset_type,quantity,price,fee,amount,note'];
  const start = Date.UTC(2024, 0, 2);
  for (let i = 0; i < LINES; i += 1) {
    const day = new Date(start + Math.floor((i / LINES) * 650) * 86_400_000).toISOString().slice(0, 10);
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    if (i % 10 === 0) rows.push(`${day},deposit,,,,,,1000.00,bench ${i}`);
    else if (i % 3 === 0) rows.push(`${day},sell,${symbol},stock,1,${(100 + (i % 50)).toFixed(2)},0.50,,`);
    else rows.push(`${day},buy,${symbol},stock,2,${(90 + (i % 40)).toFixed(2)},1.00,,`);
  }
  return `${rows.join('\n')}\n`;
}

async function main(): Promise<void> {
  const database = await openPglite();
  await database.migrate();
  const user = await createUser(
    { db: database.db },
    { email: 'bench@imports.test', firstName: 'Bench', lastName: 'GP', role: 'GP', passwordHash: null },
  );
  const deps = { db: database.db, now: () => new Date(), market: { lookup: () => Promise.resolve('priced' as const) } };
  const csv = file();
  const input = { file_name: 'bench.csv', format: 'generic' as const, csv };
  let t = performance.now();
  const preview = await previewImport(deps, input);
  const previewMs = performance.now() - t;
  if (preview.counts.errors > 0) throw new Error(`the bench file has problems: ${preview.problems[0]?.message}`);
  t = performance.now();
  const committed = await commitImport(deps, { id: user.id, email: 'bench@imports.test' }, input);
  const commitMs = performance.now() - t;
  console.log(`imports: ${LINES} lines (${(csv.length / 1024).toFixed(0)} KB), embedded database`);
  console.log(`  preview ${(previewMs / 1000).toFixed(2)} s, commit ${(commitMs / 1000).toFixed(2)} s (${committed.counts.new} added)`);
  await database.close?.();
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
