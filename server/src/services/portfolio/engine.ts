import { and, asc, eq, gte, inArray, lt, lte, not, sql, sum as sqlSum } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { accountBalances, dailyCloses, ledgerEntries, portfolioState, privateAssets, type quotes as quotesTable } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { externalFlowKinds } from '../../domain/returns';
import {
  quoteKeyOf,
  valueLiquidInSlices,
  valuePortfolio,
  type LiquidFigures,
  type PortfolioInput,
  type QuoteInput,
  type Valuation,
} from '../../domain/valuation';
import { cachedQuotes } from '../market/quote-cache';
import { liveQuote, type LiveQuote } from '../market/live-quote';
import { rememberSerialized } from '../../platform/serialized';
import { LoopSlice, yieldToLoop } from '../../platform/yield';
import { observeLocalVersions, PORTFOLIO_CHANNEL } from './ledger';
import { backDatedFlows, isBackDatedCapital, type BackDatedFlow } from './back-dated-flows';
import { readHeldLots, readLots, type BookLot, type HeldLots } from './book-lots';
import { holdingRows, holdingsJson, writeSymbolJson, type HoldingRows, type HoldingView } from './holding-rows';

/**
 * The portfolio engine's service side: it reads the books once per change and hands every
 * reader (REST, tRPC, the assistant, snapshots, exports) the same valuation.
 */

type QuoteRow = typeof quotesTable.$inferSelect;

export interface Books {
  lots: BookLot[];
  /** The cached quote rows of the held symbols (none for a past day). */
  quotes: Map<string, QuoteRow>;
  input: PortfolioInput;
}

/** A price for a quote key, for valuing a past day at its closes. */
export type PriceOf = (key: string) => string | null;

const readPrivateAssetRows = (db: Queryable) => db.select().from(privateAssets).orderBy(asc(privateAssets.id));

const assetInput = (a: typeof privateAssets.$inferSelect) => ({
  id: a.id,
  qty: a.qty,
  pricePaid: a.pricePaid,
  lastPriceAtDate: a.lastPriceAtDate,
  dividendDollar: a.dividendDollar,
  dividendPct: a.dividendPct,
  totalRentalIncome: a.totalRentalIncome,
  monthlyRentalIncome: a.monthlyRentalIncome,
});

const privateAssetsInput = (assets: readonly (typeof privateAssets.$inferSelect)[]): Pick<PortfolioInput, 'ventures' | 'properties'> => ({
  ventures: assets.filter((a) => a.kind === 'venture').map(assetInput),
  properties: assets.filter((a) => a.kind === 'real_estate').map(assetInput),
});

/** The venture and real estate holdings as the valuation takes them (what a past day's value needs besides the ledger). */
export async function readPrivateAssets(db: Queryable): Promise<Pick<PortfolioInput, 'ventures' | 'properties'>> {
  return privateAssetsInput(await readPrivateAssetRows(db));
}

/**
 * Reads what the valuation needs. With `day` and `priceOf`, the books as of a past day: the lots
 * bought by then, at that day's closes (with no day's change). With `lotsAsRead`, the lots of the
 * present are those (read before, at the same version of the lots), not read again.
 */
export async function readBooks(
  db: Queryable,
  today: string,
  past?: { day: string; priceOf: PriceOf },
  lotsAsRead?: BookLot[],
): Promise<Books> {
  const year = `${today.slice(0, 4)}-01-01`;
  const [lots, assets, [balances], [realized], [dividends]] = await Promise.all([
    !past && lotsAsRead ? lotsAsRead : readLots(db, { day: past?.day }),
    readPrivateAssetRows(db),
    db.select().from(accountBalances).limit(1),
    db
      .select({
        allTime: sqlSum(ledgerEntries.realizedGain),
        yearToDate: sql<string | null>`sum(${ledgerEntries.realizedGain}) filter (where ${ledgerEntries.bookDate} >= ${year})`,
      })
      .from(ledgerEntries)
      // A sale's gain, and a split's cash in lieu (a sale of the fraction).
      .where(and(inArray(ledgerEntries.kind, ['sell', 'split']), past ? lte(ledgerEntries.bookDate, past.day) : undefined)),
    // Dividends paid, by pay date (docs/decisions/0011-corporate-actions-and-income.md).
    db
      .select({
        grossAllTime: sql<string | null>`sum((${ledgerEntries.details}->>'gross')::numeric)`,
        taxAllTime: sql<string | null>`sum((${ledgerEntries.details}->>'tax')::numeric)`,
        grossYearToDate: sql<
          string | null
        >`sum((${ledgerEntries.details}->>'gross')::numeric) filter (where ${ledgerEntries.details}->>'payDate' >= ${year})`,
        taxYearToDate: sql<
          string | null
        >`sum((${ledgerEntries.details}->>'tax')::numeric) filter (where ${ledgerEntries.details}->>'payDate' >= ${year})`,
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.kind, 'dividend'),
          eq(ledgerEntries.settles, true),
          past ? sql`${ledgerEntries.details}->>'payDate' <= ${past.day}` : undefined,
        ),
      ),
  ]);
  const keys = [...new Set(lots.map(quoteKeyOf))];
  const quoteRows = past ? new Map<string, QuoteRow>() : await cachedQuotes(db, keys);
  const cryptoKeys = lots.filter((l) => l.assetType === 'crypto').map(quoteKeyOf);
  const previousCloses = past ? new Map<string, string>() : await closesBefore(db, [...new Set(cryptoKeys)], today);
  const quotes = new Map<string, QuoteInput>();
  for (const key of keys) {
    if (past) {
      const close = past.priceOf(key);
      if (close !== null) quotes.set(key, { lastPrice: close, change: '0' });
      continue;
    }
    const row = quoteRows.get(key);
    if (!row) continue;
    const previous = previousCloses.get(key);
    // Crypto trades around the clock and providers turn its day at 00:00 UTC; the books turn at
    // midnight in New York, so its day's change runs from the close of the previous New York day.
    quotes.set(key, { lastPrice: row.price, change: previous === undefined ? row.change : dec(row.price).minus(dec(previous)).toFixed() });
  }
  return {
    lots,
    quotes: quoteRows,
    input: {
      lots,
      quotes,
      ...privateAssetsInput(assets),
      balances: {
        cashAvailable: balances?.cashAvailable ?? '0',
        marginDebit: balances?.marginDebit ?? '0',
        accountsReceivable: balances?.accountsReceivable ?? '0',
      },
      realized: { yearToDate: realized?.yearToDate ?? '0', allTime: realized?.allTime ?? '0' },
      dividends: {
        grossYearToDate: dividends?.grossYearToDate ?? '0',
        grossAllTime: dividends?.grossAllTime ?? '0',
        taxYearToDate: dividends?.taxYearToDate ?? '0',
        taxAllTime: dividends?.taxAllTime ?? '0',
      },
    },
  };
}

/** The last close before `day` of each key (within ten days), from the stored New York closes. */
async function closesBefore(db: Queryable, keys: readonly string[], day: string): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: dailyCloses.key, close: dailyCloses.close })
    .from(dailyCloses)
    .where(and(inArray(dailyCloses.key, [...keys]), lt(dailyCloses.date, day), gte(dailyCloses.date, addDays(day, -10))))
    .orderBy(asc(dailyCloses.date));
  return new Map(rows.map((r) => [r.key, r.close]));
}

export type { HoldingView } from './holding-rows';

/**
 * The holdings list's JSON and tag: the list is joined from its symbols' JSON when first asked for
 * (the symbols' JSON is written in slices before the view is handed out, `writeSymbolJson`). Made
 * out here so that its getter holds the rows alone: made inside `compute`, it held that call's
 * scope, with the view before, and so every view before it, as long as the list was kept (a leak
 * of a whole view, derived answers included, at every change of the lots).
 */
function rememberHoldingsBody(rows: HoldingRows, etag: string): void {
  let body: Buffer | undefined;
  rememberSerialized(rows.rows, {
    etag,
    get body() {
      return (body ??= holdingsJson(rows));
    },
  });
}

export interface PortfolioView {
  /** The version of the books this was computed from. */
  version: number;
  computedAt: Date;
  valuation: Valuation;
  /** The New York day it was computed on, and that day's new money so far (cents, external flows only), read with the books. */
  day: string;
  /** Without the cash of back-dated capital entries booked that day: those are in `backDated`. */
  dayFlow: string;
  /** The back-dated capital entries' flows booked that day, read with the books (services/portfolio/back-dated-flows.ts). */
  backDated: BackDatedFlow[];
  /** The live quote fields of each held symbol, by quote key. */
  live: Map<string, LiveQuote>;
  holdings: HoldingView[];
  /** The version of the lots read (portfolio_state.lots_version), and the lots. */
  lotsVersion: number;
  held: HeldLots;
  /** The holdings list by symbol, and the lots valued: for the next view to keep what did not change. */
  holdingRows: HoldingRows;
  liquid: LiquidFigures;
  /**
   * The first view of the same books on the same day, when this one was made again only because the
   * last had aged (MAX_AGE_MS): the figures derived from the books (services/portfolio/derived.ts)
   * are those of that view, and keep their answers and ETags. The first view itself has none, so
   * a view holds at most one view before it.
   */
  basis?: PortfolioView;
}

export interface PortfolioEngine {
  /** The valuation of the books as they are now; computed once per change, shared by every reader. */
  current(): Promise<PortfolioView>;
  /** Stops listening for other instances' changes. */
  close(): Promise<void>;
}

/** LISTEN on the database (Database['listen']). */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onListen: () => void,
  onLost?: () => void,
) => Promise<() => Promise<void>>;

/** How long a computed view serves at most without a change: quotes turn stale with time alone. */
const MAX_AGE_MS = 30_000;

/**
 * Each instance keeps its valuation until the books change. Writes of this process say so when
 * they commit (ledger.ts writeBooks); other instances' writes and quote refreshes arrive as
 * notifications carrying the new version. While that holds, a read costs no query at all;
 * without LISTEN (or right after (re)connecting, when a notification may have been missed) each
 * read checks the version row.
 */
export function createPortfolioEngine(deps: { db: Db; now: () => Date; listen?: Listen }): PortfolioEngine {
  let cached: PortfolioView | null = null;
  let computing: { version: number; view: Promise<PortfolioView> } | null = null;
  let knownVersion = 0;
  let listening = false;
  let checkNext = true;
  const observe = (version: number) => {
    if (Number.isFinite(version) && version > knownVersion) knownVersion = version;
  };
  const stopObserving = observeLocalVersions(observe);
  const unlisten = deps
    .listen?.(
      PORTFOLIO_CHANNEL,
      (payload) => observe(Number(payload)),
      () => {
        listening = true;
        checkNext = true;
      },
      () => {
        // Another instance's change may go unheard: each read checks the version row until listening again.
        listening = false;
      },
    )
    .catch(() => undefined);

  const fresh = (view: PortfolioView | null, version: number): view is PortfolioView =>
    view !== null && view.version >= version && deps.now().getTime() - view.computedAt.getTime() < MAX_AGE_MS;

  async function compute(requested: number): Promise<PortfolioView> {
    const now = deps.now();
    const day = dayInNewYork(now);
    // One snapshot of the database: the version, the books and the day's new money agree, so a
    // history point made from this view never pairs a new deposit with the value before it.
    // The lots are read again only when a change of them has committed since they were read
    // (portfolio_state.lots_version, moved by a trigger on holdings): most writes move cash only.
    const before = cached;
    const { version, lotsVersion, held, books, dayFlow, backDated } = await deps.db.transaction(
      async (tx) => {
        const [state] = await tx
          .select({ version: portfolioState.version, lotsVersion: portfolioState.lotsVersion })
          .from(portfolioState)
          .where(eq(portfolioState.id, 1));
        const lotsVersion = state?.lotsVersion ?? 0;
        // After a change of the lots, only the symbols whose rows changed are read again.
        const held = before?.lotsVersion === lotsVersion ? before.held : await readHeldLots(tx, before?.held);
        const [books, [flow], backDated] = await Promise.all([
          readBooks(tx, day, undefined, held.all),
          tx
            .select({ sum: sqlSum(ledgerEntries.flow) })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.bookDate, day), inArray(ledgerEntries.kind, externalFlowKinds()), not(isBackDatedCapital))),
          backDatedFlows(tx, day, day),
        ]);
        return {
          version: Math.max(requested, state?.version ?? 0),
          lotsVersion,
          held,
          books,
          dayFlow: centsText(dec(flow?.sum ?? '0')),
          backDated,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    observe(version);
    const live = new Map<string, LiveQuote>();
    for (const [key, row] of books.quotes) {
      const quote = liveQuote(row, now);
      // The day's change the figures use (New York days for crypto too), so the table's Change $ and Day's Gain agree.
      const change = books.input.quotes.get(key)?.change;
      if (change !== undefined && change !== row.change) {
        const previous = dec(row.price).minus(dec(change));
        quote.change = Number(change);
        quote.changePct = previous.eq(0) ? 0 : Number(dec(change).div(previous).times(100).toFixed(4));
      }
      live.set(key, quote);
    }
    // Only what changed is valued again (valueLiquid keeps the rest). Valuing 20,000 lots (after a
    // quote refresh), making their rows and their JSON are tens of milliseconds each: they run in
    // slices, other requests answered between them.
    const liquid = await valueLiquidInSlices(books.input, before?.liquid, new LoopSlice());
    if (liquid !== before?.liquid) await yieldToLoop();
    // Serialized once per change of what it shows: every GET /api/holdings until then sends this
    // text with this tag, so a change of cash only (a deposit) costs no new JSON of 20,000 lots and
    // clients keep their copy (304). Only the symbols whose lots or quote changed get new rows.
    const rows = holdingRows(held, live, before?.holdingRows);
    const holdings = rows.rows;
    if (holdings !== before?.holdings) {
      rememberHoldingsBody(rows, `"holdings-${version}-${now.getTime()}"`);
      await writeSymbolJson(rows);
    }
    return {
      version,
      computedAt: now,
      day,
      dayFlow,
      backDated,
      valuation: valuePortfolio(books.input, liquid),
      live,
      holdings,
      lotsVersion,
      held,
      holdingRows: rows,
      liquid,
      // The same version on the same day is the same books (every write moves the version).
      basis: before && before.version === version && before.day === day ? (before.basis ?? before) : undefined,
    };
  }

  return {
    async current() {
      if (listening && !checkNext && fresh(cached, knownVersion)) return cached;
      const [state] = await deps.db.select({ version: portfolioState.version }).from(portfolioState).where(eq(portfolioState.id, 1));
      checkNext = false;
      observe(state?.version ?? 0);
      const version = knownVersion;
      if (fresh(cached, version)) return cached;
      // Readers arriving while it is computed wait for the same computation.
      if (computing?.version !== version) {
        // Kept before `computing` is let go (a reader in between would start the same computation
        // again), and only if newer: a computation started earlier may finish after a later one.
        const view = compute(version)
          .then((v) => {
            if (!cached || v.version > cached.version || (v.version === cached.version && v.computedAt >= cached.computedAt)) cached = v;
            return v;
          })
          .finally(() => {
            if (computing?.view === view) computing = null;
          });
        computing = { version, view };
        view.catch(() => undefined);
      }
      return computing.view;
    },
    async close() {
      stopObserving();
      // The database may already be closed (shutdown, tests); there is nothing left to stop then.
      await (await unlisten)?.().catch(() => undefined);
    },
  };
}
