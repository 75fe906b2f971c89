/**
 * The books of `pnpm bench --scale`, built the same way at each size (S, M, L): bulk history by SQL
 * in one transaction (lots with their opening buys in the ledger, one snapshot a day, the S&P 500's
 * closes, limited partners with commitments, contributions and distributions), the rest through
 * the API by bench/scale.ts. Capital entries are priced as recordEntry prices them (domain/capital.ts:
 * the day's snapshot value ÷ units outstanding), in the order of their dates.
 */
import type { Database } from '../server/src/db/open';
import { accountBalances, capitalEntries, capitalFund } from '../server/src/db/schema';
import { startUnits, UNIT_PLACES, unitsFor } from '../server/src/domain/capital';
import { addDays } from '../server/src/domain/dates';
import { centsText, dec, fixed, plain, type Decimal } from '../server/src/domain/money';
import { SEED } from './shared';

export interface ScaleSize {
  name: 'S' | 'M' | 'L';
  lots: number;
  /** Days of history, today included: snapshots for the days before it. */
  days: number;
  lps: number;
}

export const SCALE_SIZES: readonly ScaleSize[] = [
  { name: 'S', lots: 200, days: 91, lps: 2 },
  { name: 'M', lots: 2_000, days: 1_001, lps: 50 },
  { name: 'L', lots: 20_000, days: 3_651, lps: 500 },
];

/** A number or a text written into the SQL (the bench's own constants, never input). */
const n = (value: number) => String(value);
const q = (text: string | number) => `'${String(text).replace(/'/g, "''")}'`;

export const SCALE_LP = { emailOf: (k: number) => `lp${k}@bench.partners`, password: 'BenchLP#2026-load' } as const;

/** Fills the database for one size; `gp` is the GP user's id and e-mail, `lpHash` the LPs' password hash. */
export async function seedScale(
  database: Database,
  size: ScaleSize,
  today: string,
  gp: { id: number; email: string },
  lpHash: string,
): Promise<void> {
  const symbols = SEED.symbols.map((s) => s.symbol);
  const cryptoFrom = SEED.symbols.findIndex((s) => s.kind === 'crypto') + 1;
  const first = addDays(today, -(size.days - 1));
  await database.db.transaction(async (tx) => {
    // Lots: symbol by turn, bought on days spread over the history, 1–50 shares (0.125–1 coins).
    await tx.execute(`
      insert into holdings (symbol, asset_type, exchange, qty, price_paid, purchase_date, cost_basis, created_by)
      select symbol, case when crypto then 'crypto' else 'stock' end, case when crypto then null else 'NASDAQ' end,
             qty, price, purchase_date, round(qty * price, 2), ${q(gp.id)}
      from (
        select (array[${symbols.map(q).join(', ')}])[1 + i % ${n(symbols.length)}] as symbol,
               1 + i % ${n(symbols.length)} >= ${n(cryptoFrom)} as crypto,
               case when 1 + i % ${n(symbols.length)} >= ${n(cryptoFrom)} then 0.125 * (1 + i % 8) else 1 + i % 50 end as qty,
               50 + (i % 97) * 1.25 as price,
               ${q(first)}::date + ((i * 7919) % ${n(size.days - 1)}) as purchase_date
        from generate_series(1, ${n(size.lots)}) i
      ) lots`);
    // Each lot's opening buy, as recordOpeningLots writes it.
    await tx.execute(`
      insert into ledger_entries (kind, source, actor_id, actor_email, at, book_date, symbol, asset_type, qty, price, amount, cost_basis, settles, flow, details)
      select 'buy', 'add_investment', ${q(gp.id)}, ${q(gp.email)}, purchase_date + time '15:00', purchase_date, symbol, asset_type,
             qty, price_paid, cost_basis, cost_basis, false, 0, jsonb_build_object('lotId', id, 'opening', true)
      from holdings order by purchase_date, id`);
    const [cost] = (await tx.execute(`select coalesce(sum(cost_basis), 0)::text as total from holdings`)) as unknown as {
      total: string;
    }[];
    const base = Number(cost?.total ?? '0') + 1_000_000;
    await tx.insert(accountBalances).values({ id: 1, cashAvailable: '1000000.00' });
    // One snapshot a day before today: a slow rise with a weekly wave.
    await tx.execute(`
      insert into portfolio_snapshots (date, net_account_value, liquid_value, venture_value, real_estate_value,
                                       cash_available, margin_debit, accounts_receivable, taken_at)
      select d, v, v - 1000000, 0, 0, 1000000, 0, 0, d + time '21:00'
      from (
        select ${q(today)}::date - k as d,
               round((${n(base)} * (1 + 0.0002 * (${n(size.days)} - k)) + ${n(base)} * 0.01 * sin(k / 7.0))::numeric, 2) as v
        from generate_series(1, ${n(size.days - 1)}) k
      ) s`);
    await tx.execute(`
      insert into daily_closes (key, date, close, source)
      select '^GSPC', ${q(today)}::date - k, round((4000 + 0.4 * (${n(size.days + 10)} - k) + 30 * sin(k / 11.0))::numeric, 2), 'simulated'
      from generate_series(1, ${n(size.days + 10)}) k`);
    await tx.execute(`
      insert into users (email, first_name, last_name, role, password_hash)
      select 'lp' || k || '@bench.partners', 'Limited', 'Partner ' || lpad(k::text, 4, '0'), 'LP', ${q(lpHash)}
      from generate_series(0, ${n(size.lps - 1)}) k`);
    const lpRows = (await tx.execute(`select id, email from users where role = 'LP' order by id`)) as unknown as {
      id: number;
      email: string;
    }[];
    const snapshots = (await tx.execute(
      `select date::text as date, net_account_value::text as value from portfolio_snapshots order by date`,
    )) as unknown as { date: string; value: string }[];
    const navOn = new Map(snapshots.map((s) => [s.date, dec(s.value)]));

    // Capital accounts start on the first snapshot's day; each LP commits, contributes twice, and
    // every third LP takes a distribution after the second contribution.
    const startValue = navOn.get(first)!;
    const gpUnits = startUnits(startValue);
    await tx.insert(capitalFund).values({ id: 1, startDate: first, startValue: centsText(startValue), gpUnits: plain(gpUnits) });
    const span = size.days - 2;
    const commitment = dec(Math.max(10_000, Math.round((base * 0.5) / size.lps))).round(0);
    type Planned = { userId: number; kind: 'commitment' | 'contribution' | 'distribution'; amount: Decimal; date: string };
    const planned: Planned[] = [];
    lpRows.forEach((lp, k) => {
      const d1 = (k * 37) % Math.max(1, Math.floor(span / 2));
      const d2 = Math.min(span, d1 + 1 + ((k * 53) % Math.max(1, Math.floor(span / 3))));
      planned.push({ userId: lp.id, kind: 'commitment', amount: commitment, date: first });
      planned.push({ userId: lp.id, kind: 'contribution', amount: commitment.times('0.4'), date: addDays(first, d1) });
      planned.push({ userId: lp.id, kind: 'contribution', amount: commitment.times('0.3'), date: addDays(first, d2) });
      if (k % 3 === 0) {
        planned.push({
          userId: lp.id,
          kind: 'distribution',
          amount: commitment.times('0.1'),
          date: addDays(first, Math.min(span, d2 + 1)),
        });
      }
    });
    planned.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let outstanding = gpUnits;
    const rows: (typeof capitalEntries.$inferInsert)[] = planned.map((p) => {
      if (p.kind === 'commitment') {
        return {
          userId: p.userId,
          kind: p.kind,
          amount: centsText(p.amount),
          date: p.date,
          units: '0',
          createdBy: gp.id,
          createdAt: at(p.date),
        };
      }
      const value = navOn.get(p.date)!;
      const bought = unitsFor(p.amount, value, outstanding);
      const units = p.kind === 'contribution' ? bought : bought.neg();
      const unitValue = fixed(value.div(outstanding), UNIT_PLACES);
      outstanding = outstanding.plus(units);
      return {
        userId: p.userId,
        kind: p.kind,
        amount: centsText(p.amount),
        date: p.date,
        units: plain(units),
        unitValue,
        createdBy: gp.id,
        createdAt: at(p.date),
      };
    });
    for (let i = 0; i < rows.length; i += 1_000) await tx.insert(capitalEntries).values(rows.slice(i, i + 1_000));
    await tx.execute(`
      insert into portfolio_state (id, version) values (1, 1)
      on conflict (id) do update set version = portfolio_state.version + 1`);
  });
}

/** Recorded at 20:00 UTC on its day: before that day's snapshot (21:00), so no figure is provisional. */
function at(day: string): Date {
  return new Date(`${day}T20:00:00Z`);
}
