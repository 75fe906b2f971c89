import { asc, eq, gt } from 'drizzle-orm';
import { ledgerEntries, privateAssets } from '../../db/schema';
import { plainText as plain } from '../../domain/money';
import type { AssetFigures, LotFigures, PositionFigures } from '../../domain/valuation';
import { toCsv, toCsvByPages, type CsvColumn } from '../../platform/csv';
import type { Db } from '../../db/open';
import { ledgerView, type LedgerView } from './activity';
import type { PortfolioEngine } from './engine';
import type { AssetKind } from '../assets/assets';

/**
 * The ledger and the dashboards' tables as CSV for a spreadsheet: every figure as the portfolio engine computed
 * it (exact decimal text), dates ISO, a header row. What a row is (its name, qty, prices as
 * entered) comes from the books; nothing is computed here.
 */

type HoldingRow = { level: 'position' | 'lot'; position: PositionFigures; lot?: LotFigures };

const HOLDING_COLUMNS: CsvColumn<HoldingRow>[] = [
  { header: 'level', value: (r) => r.level },
  { header: 'symbol', value: (r) => r.position.symbol },
  { header: 'asset_type', value: (r) => r.position.assetType },
  { header: 'exchange', value: (r) => r.position.exchange },
  { header: 'lot_id', value: (r) => r.lot?.id },
  { header: 'purchase_date', value: (r) => r.lot?.purchaseDate },
  { header: 'qty', value: (r) => (r.lot ?? r.position).qty },
  { header: 'price_paid', value: (r) => (r.lot ? r.lot.pricePaid : r.position.avgPricePaid) },
  { header: 'last_price', value: (r) => r.position.lastPrice },
  { header: 'cost', value: (r) => (r.lot ?? r.position).cost },
  { header: 'value', value: (r) => (r.lot ?? r.position).value },
  { header: 'day_gain', value: (r) => (r.lot ?? r.position).dayGain },
  { header: 'gain', value: (r) => (r.lot ?? r.position).gain },
  { header: 'gain_pct', value: (r) => (r.lot ?? r.position).gainPct },
  { header: 'pct_of_portfolio', value: (r) => (r.lot ?? r.position).pctOfPortfolio },
];

export interface ExportsDeps {
  db: Db;
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
}

const TRANSACTION_COLUMNS: (keyof LedgerView)[] = [
  'id',
  'book_date',
  'at',
  'kind',
  'source',
  'actor_email',
  'symbol',
  'asset_type',
  'qty',
  'price',
  'amount',
  'settles',
  'cash_before',
  'cash_after',
  'cost_basis',
  'realized_gain',
  'fee',
  'flow',
];

const TRANSACTION_CSV_COLUMNS: CsvColumn<LedgerView>[] = TRANSACTION_COLUMNS.map((c) => ({
  header: c,
  value: (v: LedgerView) => v[c] as string | number | boolean | null,
}));

/** Ledger rows read for the CSV per query: a page's rows are written in a few milliseconds. */
export const LEDGER_CSV_PAGE = 500;

/** The ledger, oldest first, a page at a time (by id, so a page never repeats or skips a row). */
async function* ledgerPages(db: Db, pageSize: number): AsyncGenerator<LedgerView[]> {
  let after = 0;
  for (;;) {
    const rows = await db.select().from(ledgerEntries).where(gt(ledgerEntries.id, after)).orderBy(asc(ledgerEntries.id)).limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(ledgerView);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * GET /api/export/transactions.csv: the whole ledger, oldest first. Read and written a page at a
 * time (docs/decisions/0022-scale-reads-paged-exports-spliced-answers.md): at 20,000 lots the file built in one go held the event loop for
 * seconds. `pageSize` is for tests.
 */
export async function transactionsCsv(deps: ExportsDeps, pageSize = LEDGER_CSV_PAGE): Promise<string> {
  // Written once per version of the books (every entry of the ledger moves it): at 20,000 lots the
  // file is 3.5 MB and about 250 ms of CPU, which every download paid again.
  const { version } = await deps.portfolio.current();
  const kept = keptLedgerCsv.get(deps.portfolio);
  if (kept?.version === version && kept.pageSize === pageSize) return kept.csv;
  const csv = toCsvByPages(TRANSACTION_CSV_COLUMNS, ledgerPages(deps.db, pageSize));
  keptLedgerCsv.set(deps.portfolio, { version, pageSize, csv });
  csv.catch(() => {
    if (keptLedgerCsv.get(deps.portfolio)?.csv === csv) keptLedgerCsv.delete(deps.portfolio);
  });
  return csv;
}

/** The last ledger CSV of each engine (one per app), by the version of the books it was read at. */
const keptLedgerCsv = new WeakMap<PortfolioEngine, { version: number; pageSize: number; csv: Promise<string> }>();

/** GET /api/export/holdings.csv: each position, then its lots, oldest first. */
export async function holdingsCsv(deps: ExportsDeps): Promise<string> {
  const { valuation } = await deps.portfolio.current();
  const rows = valuation.positions.flatMap((position): HoldingRow[] => [
    { level: 'position', position },
    ...position.lots.map((lot) => ({ level: 'lot' as const, position, lot })),
  ]);
  return toCsv(HOLDING_COLUMNS, rows);
}

type AssetRow = typeof privateAssets.$inferSelect;
type AssetLine = { row: AssetRow; figures: AssetFigures | undefined };

const COMMON_COLUMNS: CsvColumn<AssetLine>[] = [
  { header: 'id', value: (l) => l.row.id },
  { header: 'name', value: (l) => l.row.name },
  { header: 'description', value: (l) => l.row.description },
  { header: 'purchase_date', value: (l) => l.row.purchaseDate },
  { header: 'qty', value: (l) => plain(l.row.qty) },
  { header: 'price_paid', value: (l) => plain(l.row.pricePaid) },
  { header: 'last_price', value: (l) => plain(l.row.lastPriceAtDate) },
  { header: 'last_price_date', value: (l) => l.row.lastPriceDate },
];
const figure = (header: string, pick: (f: AssetFigures) => string | null): CsvColumn<AssetLine> => ({
  header,
  value: (l) => (l.figures ? pick(l.figures) : null),
});

const VENTURE_COLUMNS: CsvColumn<AssetLine>[] = [
  ...COMMON_COLUMNS,
  { header: 'dividend_dollar', value: (l) => plain(l.row.dividendDollar) },
  { header: 'dividend_pct', value: (l) => plain(l.row.dividendPct) },
  figure('cost', (f) => f.cost),
  figure('value', (f) => f.value),
  figure('gain', (f) => f.gain),
  figure('gain_pct', (f) => f.gainPct),
];

const REAL_ESTATE_COLUMNS: CsvColumn<AssetLine>[] = [
  ...COMMON_COLUMNS,
  { header: 'total_rental_income', value: (l) => plain(l.row.totalRentalIncome) },
  { header: 'monthly_rental_income', value: (l) => plain(l.row.monthlyRentalIncome) },
  { header: 'annual_rental_income_pct', value: (l) => plain(l.row.annualRentalIncomePct) },
  figure('cost', (f) => f.cost),
  figure('value', (f) => f.value),
  figure('total_value', (f) => f.totalValue),
  figure('gain', (f) => f.gain),
  figure('gain_pct', (f) => f.gainPct),
];

async function assetsCsv(deps: ExportsDeps, kind: AssetKind): Promise<string> {
  const [view, rows] = await Promise.all([
    deps.portfolio.current(),
    deps.db.select().from(privateAssets).where(eq(privateAssets.kind, kind)).orderBy(asc(privateAssets.id)),
  ]);
  const figures = new Map((kind === 'venture' ? view.valuation.ventures : view.valuation.properties).map((f) => [f.id, f]));
  const lines = rows.map((row) => ({ row, figures: figures.get(row.id) }));
  return toCsv(kind === 'venture' ? VENTURE_COLUMNS : REAL_ESTATE_COLUMNS, lines);
}

/** GET /api/export/venture.csv */
export const ventureCsv = (deps: ExportsDeps) => assetsCsv(deps, 'venture');
/** GET /api/export/real-estate.csv */
export const realEstateCsv = (deps: ExportsDeps) => assetsCsv(deps, 'real_estate');
