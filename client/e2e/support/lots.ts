import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './app-server';

interface PgliteClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

/** PGlite as the server has it (the client does not depend on it). */
async function openEmbedded(dataDir: string): Promise<PgliteClient> {
  const resolved = createRequire(join(REPO_ROOT, 'server/package.json')).resolve('@electric-sql/pglite');
  const { PGlite } = (await import(pathToFileURL(resolved).href)) as { PGlite: { create(dir: string): Promise<PgliteClient> } };
  return PGlite.create(join(dataDir, 'pglite'));
}

/**
 * Adds `count` purchase lots of a symbol the books already hold to a stopped app's embedded
 * database, with their opening buys in the ledger as the app records them (bench/scale-seed.ts does
 * the same at a firm's size): lot k (1-based) is bought `k` days after `firstDay`, of 1 + k % 50
 * shares at 50 + (k % 97) × 1.25. A browser test of thousands of lots starts in seconds this way,
 * where adding them through the API one by one would take minutes.
 */
export async function addLots(dataDir: string, lots: { symbol: string; count: number; firstDay: string }): Promise<void> {
  const db = await openEmbedded(dataDir);
  try {
    const [held] = (
      await db.query<{ asset_type: string; exchange: string | null; created_by: number }>(
        'select asset_type, exchange, created_by from holdings where symbol = $1 limit 1',
        [lots.symbol],
      )
    ).rows;
    if (!held) throw new Error(`the demo books hold no ${lots.symbol}`);
    const [before] = (await db.query<{ last: number }>('select coalesce(max(id), 0)::int as last from holdings')).rows;
    await db.query(
      `insert into holdings (symbol, asset_type, exchange, qty, price_paid, purchase_date, cost_basis, created_by)
       select $1, $2, $3, qty, price, purchase_date, round(qty * price, 2), $4
       from (select 1 + k % 50 as qty, 50 + (k % 97) * 1.25 as price, $5::date + k as purchase_date
             from generate_series(1, $6::int) k) lots`,
      [lots.symbol, held.asset_type, held.exchange, held.created_by, lots.firstDay, lots.count],
    );
    const [actor] = (await db.query<{ email: string }>('select email from users where id = $1', [held.created_by])).rows;
    await db.query(
      `insert into ledger_entries (kind, source, actor_id, actor_email, at, book_date, symbol, asset_type, qty, price, amount, cost_basis, settles, flow, details)
       select 'buy', 'add_investment', $1, $2, purchase_date + time '15:00', purchase_date, symbol, asset_type,
              qty, price_paid, cost_basis, cost_basis, false, 0, jsonb_build_object('lotId', id, 'opening', true)
       from holdings where id > $3 order by purchase_date, id`,
      [held.created_by, actor?.email ?? '', before?.last ?? 0],
    );
    await db.exec('update portfolio_state set version = version + 1');
  } finally {
    await db.close();
  }
}
