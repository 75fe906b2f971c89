import { and, asc, eq } from 'drizzle-orm';
import { privateAssets } from '../../db/schema';
import { dayInNewYork } from '../../domain/dates';
import { bookDateProblem } from '../../contract/book-dates';
import { recordAudit, type Actor } from '../../platform/audit';
import type { Db } from '../../db/open';
import { fail } from '../../platform/errors';
import type { Queryable } from '../../db/open';
import { amountOf, centsText, dec } from '../../domain/money';
import { recordLedger, writeBooks } from '../portfolio/ledger';

/** Venture investments (/api/illiquid-assets) and real estate (/api/real-estate). */
export type AssetKind = 'venture' | 'real_estate';

/** A row as the form sends it; numbers arrive as exact decimal text. */
export interface AssetInput {
  name: string;
  description?: string | undefined;
  purchase_date: string;
  qty: string;
  price_paid: string;
  last_price_at_date: string;
  last_price_date?: string | null | undefined;
  dividend_dollar?: string | undefined;
  dividend_pct?: string | undefined;
  total_rental_income?: string | undefined;
  monthly_rental_income?: string | undefined;
  annual_rental_income_pct?: string | undefined;
}

interface CommonView {
  id: number;
  name: string;
  description: string;
  purchase_date: string;
  qty: number;
  price_paid: number;
  last_price_at_date: number;
  last_price_date: string | null;
  /** qty × last price. */
  value: number;
}
export interface VentureView extends CommonView {
  dividend_dollar: number;
  dividend_pct: number;
}
export interface RealEstateView extends CommonView {
  total_rental_income: number;
  monthly_rental_income: number;
  annual_rental_income_pct: number;
}
export type AssetView<K extends AssetKind> = K extends 'venture' ? VentureView : RealEstateView;

type Row = typeof privateAssets.$inferSelect;

const LABEL: Record<AssetKind, { entity: string; missing: string }> = {
  venture: { entity: 'venture_asset', missing: 'That venture investment no longer exists.' },
  real_estate: { entity: 'real_estate_asset', missing: 'That real estate investment no longer exists.' },
};

function viewOf<K extends AssetKind>(kind: K, row: Row): AssetView<K> {
  const common: CommonView = {
    id: row.id,
    name: row.name,
    description: row.description,
    purchase_date: row.purchaseDate,
    qty: Number(row.qty),
    price_paid: Number(row.pricePaid),
    last_price_at_date: Number(row.lastPriceAtDate),
    last_price_date: row.lastPriceDate,
    // The engine's rule (domain/money.ts amountOf): qty × last price at cents, so this is the Value $ the tables show.
    value: Number(centsText(amountOf(row.qty, row.lastPriceAtDate))),
  };
  const view: VentureView | RealEstateView =
    kind === 'venture'
      ? { ...common, dividend_dollar: Number(row.dividendDollar), dividend_pct: Number(row.dividendPct) }
      : {
          ...common,
          total_rental_income: Number(row.totalRentalIncome),
          monthly_rental_income: Number(row.monthlyRentalIncome),
          annual_rental_income_pct: Number(row.annualRentalIncomePct),
        };
  return view as AssetView<K>;
}

/** A row as the audit log and the ledger keep it: every amount as the exact decimal text stored. */
function recordOf(kind: AssetKind, row: Row): Record<string, string | number | null> {
  const common = {
    id: row.id,
    name: row.name,
    description: row.description,
    purchase_date: row.purchaseDate,
    qty: row.qty,
    price_paid: row.pricePaid,
    last_price_at_date: row.lastPriceAtDate,
    last_price_date: row.lastPriceDate,
    value: centsText(amountOf(row.qty, row.lastPriceAtDate)),
  };
  return kind === 'venture'
    ? { ...common, dividend_dollar: row.dividendDollar, dividend_pct: row.dividendPct }
    : {
        ...common,
        total_rental_income: row.totalRentalIncome,
        monthly_rental_income: row.monthlyRentalIncome,
        annual_rental_income_pct: row.annualRentalIncomePct,
      };
}

/** The columns a row sets; fields of the other kind are never written. */
function columnsOf(kind: AssetKind, input: AssetInput, lastPriceDate: string | null) {
  const extra =
    kind === 'venture'
      ? { dividendDollar: input.dividend_dollar, dividendPct: input.dividend_pct }
      : {
          totalRentalIncome: input.total_rental_income,
          monthlyRentalIncome: input.monthly_rental_income,
          annualRentalIncomePct: input.annual_rental_income_pct,
        };
  return {
    name: input.name,
    ...(input.description !== undefined ? { description: input.description } : {}),
    purchaseDate: input.purchase_date,
    qty: input.qty,
    pricePaid: input.price_paid,
    lastPriceAtDate: input.last_price_at_date,
    lastPriceDate,
    // Undefined leaves a column as it is (or at its default for a new row).
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
  };
}

export interface AssetsDeps {
  db: Db;
  now: () => Date;
}

const today = (deps: AssetsDeps) => dayInNewYork(deps.now());

/** The books' date rule for a row's purchase date and, when one is sent, its last price's date. */
function checkDates(now: Date, inputs: AssetInput[]): void {
  for (const input of inputs) {
    const problem =
      bookDateProblem(input.purchase_date, now) ?? (input.last_price_date ? bookDateProblem(input.last_price_date, now) : null);
    if (problem) throw fail.badRequest(problem);
  }
}

/**
 * An asset's change in the ledger. Adding or removing a row is money into or out of the
 * books at its value; an edit brings in only the change of quantity, at the new last price: a new
 * last price or more rent is growth, which the returns count.
 */
async function recordAssetChange(tx: Queryable, actor: Actor, at: Date, kind: AssetKind, before: Row | null, after: Row | null) {
  const value = (r: Row | null) => (r ? amountOf(r.qty, r.lastPriceAtDate) : dec(0));
  const flow = before && after ? amountOf(dec(after.qty).minus(dec(before.qty)), after.lastPriceAtDate) : value(after).minus(value(before));
  const row = after ?? before;
  await recordLedger(tx, actor, at, [
    {
      kind: 'asset',
      source: kind,
      qty: row?.qty ?? null,
      price: row?.lastPriceAtDate ?? null,
      amount: centsText(value(after).minus(value(before))),
      flow: centsText(flow),
      details: { id: row?.id, name: row?.name, before: before && recordOf(kind, before), after: after && recordOf(kind, after) },
    },
  ]);
}

export async function listAssets<K extends AssetKind>(deps: AssetsDeps, kind: K): Promise<AssetView<K>[]> {
  const rows = await deps.db.select().from(privateAssets).where(eq(privateAssets.kind, kind)).orderBy(asc(privateAssets.id));
  return rows.map((r) => viewOf(kind, r));
}

/** Saves new rows all at once: one bad row and none is saved. */
export async function saveAssets<K extends AssetKind>(
  deps: AssetsDeps,
  actor: Actor,
  kind: K,
  inputs: AssetInput[],
): Promise<AssetView<K>[]> {
  const now = deps.now();
  checkDates(now, inputs);
  const rows = await writeBooks(deps.db, async (tx) => {
    const saved = await tx
      .insert(privateAssets)
      .values(inputs.map((input) => ({ kind, ...columnsOf(kind, input, input.last_price_date ?? today(deps)) })))
      .returning();
    await recordAudit(
      tx,
      actor,
      now,
      saved.map((r) => ({ action: `${LABEL[kind].entity}.add`, entity: LABEL[kind].entity, entityId: r.id, after: recordOf(kind, r) })),
    );
    for (const r of saved) await recordAssetChange(tx, actor, now, kind, null, r);
    return saved;
  });
  return rows.map((r) => viewOf(kind, r));
}

/** Updates one saved row; a new last price without a date is dated today. */
export async function updateAsset<K extends AssetKind>(
  deps: AssetsDeps,
  actor: Actor,
  kind: K,
  id: number,
  input: AssetInput,
): Promise<AssetView<K>> {
  checkDates(deps.now(), [input]);
  const row = await writeBooks(deps.db, async (tx) => {
    const [before] = await tx
      .select()
      .from(privateAssets)
      .where(and(eq(privateAssets.id, id), eq(privateAssets.kind, kind)))
      .for('update');
    if (!before) throw fail.notFound(LABEL[kind].missing);
    const priceChanged = !dec(before.lastPriceAtDate).eq(dec(input.last_price_at_date));
    const lastPriceDate = input.last_price_date ?? (priceChanged ? today(deps) : before.lastPriceDate);
    const [after] = await tx
      .update(privateAssets)
      .set({ ...columnsOf(kind, input, lastPriceDate), updatedAt: deps.now() })
      .where(eq(privateAssets.id, id))
      .returning();
    if (!after) throw fail.notFound(LABEL[kind].missing);
    await recordAudit(tx, actor, deps.now(), [
      {
        action: `${LABEL[kind].entity}.update`,
        entity: LABEL[kind].entity,
        entityId: id,
        before: recordOf(kind, before),
        after: recordOf(kind, after),
      },
    ]);
    await recordAssetChange(tx, actor, deps.now(), kind, before, after);
    return after;
  });
  return viewOf(kind, row);
}

export async function deleteAsset(deps: AssetsDeps, actor: Actor, kind: AssetKind, id: number): Promise<{ message: string }> {
  await writeBooks(deps.db, async (tx) => {
    const [removed] = await tx
      .delete(privateAssets)
      .where(and(eq(privateAssets.id, id), eq(privateAssets.kind, kind)))
      .returning();
    if (!removed) throw fail.notFound(LABEL[kind].missing);
    await recordAudit(tx, actor, deps.now(), [
      { action: `${LABEL[kind].entity}.delete`, entity: LABEL[kind].entity, entityId: id, before: recordOf(kind, removed) },
    ]);
    await recordAssetChange(tx, actor, deps.now(), kind, removed, null);
  });
  return { message: 'Deleted.' };
}

/** One kind's four calls with its kind bound (services/assets/venture.ts, real-estate.ts), as its router calls them. */
export interface KindAssets<K extends AssetKind> {
  list(deps: AssetsDeps): Promise<AssetView<K>[]>;
  save(deps: AssetsDeps, actor: Actor, inputs: AssetInput[]): Promise<AssetView<K>[]>;
  update(deps: AssetsDeps, actor: Actor, id: number, input: AssetInput): Promise<AssetView<K>>;
  remove(deps: AssetsDeps, actor: Actor, id: number): Promise<{ message: string }>;
}

export function assetsOf<K extends AssetKind>(kind: K): KindAssets<K> {
  return {
    list: (deps) => listAssets(deps, kind),
    save: (deps, actor, inputs) => saveAssets(deps, actor, kind, inputs),
    update: (deps, actor, id, input) => updateAsset(deps, actor, kind, id, input),
    remove: (deps, actor, id) => deleteAsset(deps, actor, kind, id),
  };
}
