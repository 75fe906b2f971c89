import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { accountBalances, auditEvents, dailyCloses, holdings, ledgerEntries } from '../../db/schema';
import type { OpenLot } from '../../domain/fifo';
import { centsText, dec, type Decimal } from '../../domain/money';
import { auditRows, type Actor, type AuditEntry } from '../../platform/audit';
import { insertJsonRows } from '../../db/bulk-insert';
import { executedRows } from '../../db/executed-rows';
import { LoopSlice, yieldToLoop } from '../../platform/yield';
import { inStatements, ROWS_PER_STATEMENT } from '../../platform/in-statements';
import { quoteKey } from '../market/provider';
import {
  checkDay,
  dividendRecords,
  planDividend,
  planSplit,
  sharesFrom,
  SHARES_KINDS,
  splitClose,
  splitRecords,
  type SplitDetails,
} from '../portfolio/corporate-actions';
import { buyOrder } from '../portfolio/holdings';
import { ledgerRow, type LedgerEntry } from '../portfolio/ledger';
import {
  addedAudit,
  buyEntries,
  cashMove,
  exchangeFromHeld,
  leftOfLot,
  lockedCash,
  lotExchange,
  moneyAudit,
  moneyEntry,
  newLots,
  planOpenSale,
  saleAudit,
  saleEntry,
  signedAmount,
  type CashMove,
  type CashMovement,
  type LotRow,
  type SellOrder,
} from '../portfolio/trades';
import type { Sale } from '../../domain/fifo';
import type { ImportLine } from './formats';
import { perShareFor } from './plan';
import {
  buyInput,
  dividendInput,
  moneyInput,
  noSharesForAmount,
  sellOrder,
  sellRefusal,
  splitInput,
  type LineRefusal,
} from './line-events';
import { typedSymbol } from '../portfolio/trade-rules';

/**
 * An import's lines written in a few statements (docs/decisions/0017-broker-imports.md): the books
 * the lines touch are read once inside the commit's transaction (the lots of their symbols, Cash
 * Available, the entries a dividend's shares depend on), every line is replayed in memory in the
 * order the line-by-line path writes them, through the same rules the forms use (buyOrder, newLots,
 * buyEntries, planOpenSale, saleEntry, planSplit, planDividend, moneyEntry, cashMove…), and what
 * they come to is written with multi-row statements: the ledger entries, the lots left (new, changed
 * and gone), the closes a split divides, Cash Available, and the audit events, in the same order and
 * with the same ids as line by line.
 */

interface MemoryLot extends OpenLot {
  row: LotRow;
  /** Already in the database when the import started (else written at the end, as it is then). */
  stored: boolean;
  changed: boolean;
}

type SharesEntry = Parameters<typeof sharesFrom>[1][number];

/** `n` ids of a serial column's sequence, taken in order as n inserts would, ROWS_PER_STATEMENT at a time. */
async function nextIds(tx: Queryable, table: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let left = n; left > 0; left -= ROWS_PER_STATEMENT) {
    if (left < n) await yieldToLoop();
    const list = await executedRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${Math.min(left, ROWS_PER_STATEMENT)}::int)`,
    );
    ids.push(...list.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

class BooksInMemory {
  readonly lots = new Map<string, MemoryLot[]>();
  readonly gone = new Set<number>();
  /** Sell, split and correction entries by symbol, oldest first: what sharesAt reads. */
  readonly entries = new Map<string, SharesEntry[]>();
  /** The asset type of the newest entry of a symbol. */
  readonly lastAssetType = new Map<string, 'stock' | 'crypto' | null>();
  readonly closes = new Map<string, Map<string, { close: string; changed: boolean }>>();
  readonly ledger: (ReturnType<typeof ledgerRow> & { id: number })[] = [];
  readonly audit: AuditEntry[] = [];
  cashMoved = false;
  private nextLot = 0;
  private nextEntry = 0;

  constructor(
    private readonly tx: Queryable,
    private readonly actor: Actor,
    private readonly now: Date,
    public cash: Decimal,
    private readonly lotIds: number[],
    private readonly entryIds: number[],
  ) {}

  lotsOf(symbol: string): MemoryLot[] {
    let list = this.lots.get(symbol);
    if (!list) this.lots.set(symbol, (list = []));
    return list;
  }

  private move(delta: Decimal, allowNegativeCash: boolean): CashMove {
    const moved = cashMove(this.cash, delta, allowNegativeCash);
    this.cash = moved.after;
    this.cashMoved = true;
    return moved;
  }

  private record(entry: LedgerEntry, day: string): number {
    const id = this.entryIds[this.nextEntry++]!;
    this.ledger.push({ ...ledgerRow(this.actor, this.now, entry, day), id });
    if (entry.symbol) {
      this.lastAssetType.set(entry.symbol, entry.assetType ?? null);
      if ((SHARES_KINDS as string[]).includes(entry.kind)) {
        const list = this.entries.get(entry.symbol) ?? [];
        list.push({ id, kind: entry.kind, bookDate: day, details: entry.details });
        this.entries.set(entry.symbol, list);
      }
    }
    return id;
  }

  /** What a sale (or cash in lieu) leaves of the lots it took from. */
  private applySale(symbol: string, sale: Sale): void {
    const list = this.lotsOf(symbol);
    const closed = new Set<number>();
    for (const take of sale.takes) {
      // First in, first out: the lots taken are the first of the list, found at once.
      const lot = list.find((m) => m.id === take.lotId)!;
      const left = leftOfLot(take);
      if (!left) {
        closed.add(lot.id);
        if (lot.stored) this.gone.add(lot.id);
        continue;
      }
      lot.row = { ...lot.row, ...left };
      lot.qty = take.remainingQty;
      lot.costBasis = take.remainingCost;
      lot.changed = true;
    }
    if (closed.size > 0)
      this.lots.set(
        symbol,
        list.filter((m) => !closed.has(m.id)),
      );
  }

  buy(l: ImportLine): number {
    const order = buyOrder(buyInput(l), 'import', this.now);
    const list = this.lotsOf(order.symbol);
    const exchange = lotExchange(order, exchangeFromHeld(order) ? list[0]?.row : undefined);
    const [values] = newLots(order, exchange, this.actor);
    // Its print is the database's to set (a trigger), when the lot is written.
    const row: LotRow = { ...values!, id: this.lotIds[this.nextLot++]!, exchange, createdBy: this.actor.id, createdAt: this.now, print: 0 };
    const lot: MemoryLot = {
      id: row.id,
      purchaseDate: row.purchaseDate,
      qty: dec(row.qty),
      costBasis: dec(row.costBasis),
      row,
      stored: false,
      changed: true,
    };
    // Oldest first: after every lot bought on or before its day (its id is the newest).
    let at = list.length;
    while (at > 0 && list[at - 1]!.purchaseDate > lot.purchaseDate) at -= 1;
    list.splice(at, 0, lot);
    const cash = this.move(dec(row.costBasis).neg(), order.allowNegativeCash ?? false);
    const [entry] = buyEntries(order, [row], cash, null);
    const id = this.record(entry!, l.date);
    this.audit.push(...addedAudit([row]));
    return id;
  }

  sell(l: ImportLine): number {
    const order: SellOrder = sellOrder(l);
    const list = this.lotsOf(order.symbol);
    const plan = planOpenSale(list, order.qty, order.price, order.fee);
    if (!plan.ok) throw sellRefusal(l, plan);
    const { sale } = plan;
    // The lots it takes from as they were, oldest first: the first of them is the symbol's oldest lot.
    const taken = sale.takes.map((t) => list.find((m) => m.id === t.lotId)!.row);
    this.applySale(order.symbol, sale);
    const cash = this.move(sale.proceeds, false);
    const id = this.record(saleEntry(order, sale, taken, cash), l.date);
    this.audit.push(...saleAudit(sale, (lotId) => taken.find((r) => r.id === lotId)!));
    return id;
  }

  async split(l: ImportLine): Promise<number> {
    const input = splitInput(l);
    checkDay(input.ex_date, this.now, 'Ex-date');
    const list = this.lotsOf(typedSymbol(input.symbol));
    const plan = planSplit(
      list.map((m) => m.row),
      input,
    );
    for (const c of plan.changes) {
      const lot = list.find((m) => m.id === c.id)!;
      lot.row = { ...lot.row, qty: c.after.qty, pricePaid: c.after.pricePaid };
      lot.qty = dec(c.after.qty);
      lot.changed = true;
    }
    const key = quoteKey({ symbol: plan.symbol, kind: plan.before[0]!.assetType });
    const stored = await this.closesOf(key);
    const closes: SplitDetails['closes'] = [];
    for (const [date, c] of [...stored.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      if (date >= input.ex_date) continue;
      closes.push({ key, date, close: c.close });
      c.close = splitClose(c.close, plan.ratio);
      c.changed = true;
    }
    let cash: CashMove | null = null;
    if (plan.sale) {
      this.applySale(plan.symbol, plan.sale);
      cash = this.move(plan.sale.proceeds, false);
    }
    const records = splitRecords(plan, input, closes, cash, 'import');
    const id = this.record(records.entry, l.date);
    this.audit.push(records.audit(id));
    return id;
  }

  private sharesAt(symbol: string, exDate: string): string {
    return sharesFrom(
      this.lotsOf(symbol).map((m) => m.row),
      this.entries.get(symbol) ?? [],
      exDate,
    );
  }

  async dividend(l: ImportLine): Promise<number> {
    const symbol = l.symbol ?? '';
    let perShare = l.price!;
    if (l.amount) {
      // The gross the broker paid, on the shares the books hold at the ex-date.
      const shares = dec(this.sharesAt(symbol, l.date));
      const exact = shares.gt(0) ? perShareFor(shares, dec(l.amount)) : null;
      if (!exact) throw noSharesForAmount(l);
      perShare = exact;
    }
    const input = dividendInput(l, perShare);
    checkDay(input.ex_date, this.now, 'Ex-date');
    const held = typedSymbol(input.symbol);
    const shares = this.sharesAt(held, input.ex_date);
    const { details, net, paid } = planDividend(held, input, shares, this.now);
    const cash = paid ? this.move(net, false) : null;
    const assetType = this.lotsOf(held)[0]?.row.assetType ?? (await this.assetTypeOf(held));
    const records = dividendRecords(held, assetType, input, details, cash, 'import');
    const id = this.record(records.entry, l.date);
    this.audit.push(records.audit(id));
    return id;
  }

  money(l: ImportLine): number {
    const movement: CashMovement = moneyInput(l);
    const cash = this.move(signedAmount(movement), movement.allowNegativeCash ?? false);
    const id = this.record(moneyEntry(movement, cash, 'import'), l.date);
    this.audit.push(moneyAudit(movement, cash));
    return id;
  }

  private async assetTypeOf(symbol: string): Promise<'stock' | 'crypto' | null> {
    if (this.lastAssetType.has(symbol)) return this.lastAssetType.get(symbol)!;
    const [row] = await this.tx
      .select({ assetType: ledgerEntries.assetType })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.symbol, symbol))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    return row?.assetType ?? null;
  }

  private async closesOf(key: string) {
    let map = this.closes.get(key);
    if (!map) {
      const rows = await this.tx.select().from(dailyCloses).where(eq(dailyCloses.key, key)).orderBy(asc(dailyCloses.date));
      map = new Map(rows.map((r) => [r.date, { close: r.close, changed: false }]));
      this.closes.set(key, map);
    }
    return map;
  }

  /** Everything the replay came to, in a few statements. */
  async write(): Promise<void> {
    const { tx } = this;
    await inStatements([...this.gone], (part) => tx.delete(holdings).where(inArray(holdings.id, part)));
    const all = [...this.lots.values()].flat();
    const changed = all.filter((m) => m.stored && m.changed && !this.gone.has(m.id));
    await inStatements(changed, (part) => {
      const values = sql.join(
        part.map((m) => sql`(${m.id}::int, ${m.row.qty}::numeric, ${m.row.pricePaid}::numeric, ${m.row.costBasis}::numeric)`),
        sql`, `,
      );
      return tx.execute(
        sql`update holdings as h set qty = v.qty, price_paid = v.price_paid, cost_basis = v.cost_basis from (values ${values}) as v(id, qty, price_paid, cost_basis) where h.id = v.id`,
      );
    });
    const added = all.filter((m) => !m.stored).sort((a, b) => a.id - b.id);
    await inStatements(added, (part) =>
      insertJsonRows(
        tx,
        holdings,
        part.map(({ row }) => ({
          id: row.id,
          symbol: row.symbol,
          assetType: row.assetType,
          exchange: row.exchange,
          qty: row.qty,
          pricePaid: row.pricePaid,
          purchaseDate: row.purchaseDate,
          costBasis: row.costBasis,
          createdBy: row.createdBy,
        })),
      ),
    );
    for (const [key, map] of this.closes) {
      const rows = [...map.entries()].filter(([, c]) => c.changed);
      await inStatements(rows, (part) => {
        const values = sql.join(
          part.map(([date, c]) => sql`(${date}::date, ${c.close}::numeric)`),
          sql`, `,
        );
        return tx.execute(
          sql`update daily_closes as d set close = v.close from (values ${values}) as v(date, close) where d.key = ${key} and d.date = v.date`,
        );
      });
    }
    await inStatements(this.ledger, (part) => insertJsonRows(tx, ledgerEntries, part));
    if (this.cashMoved)
      await tx
        .update(accountBalances)
        .set({ cashAvailable: centsText(this.cash) })
        .where(eq(accountBalances.id, 1));
    await inStatements(this.audit, (part) => insertJsonRows(tx, auditEvents, auditRows(this.actor, this.now, part)));
  }
}

/**
 * Writes an import's lines (planned, in the order to write them) in batches; answers each line's
 * ledger entry. Refuses (400, naming the line) as the line-by-line path would.
 */
export async function writeLinesInBatch(
  tx: Queryable,
  actor: Actor,
  now: Date,
  lines: readonly ImportLine[],
  onLine: LineRefusal,
): Promise<number[]> {
  const symbols = [...new Set(lines.flatMap((l) => (l.symbol ? [l.symbol] : [])))];
  const cash = await lockedCash(tx);
  const lotIds = await nextIds(tx, 'holdings', lines.filter((l) => l.kind === 'buy').length);
  const entryIds = await nextIds(tx, 'ledger_entries', lines.length);
  const books = new BooksInMemory(tx, actor, now, cash, lotIds, entryIds);
  await inStatements(symbols, async (part) => {
    const rows = await tx
      .select()
      .from(holdings)
      .where(inArray(holdings.symbol, part))
      .orderBy(asc(holdings.purchaseDate), asc(holdings.id))
      .for('update');
    for (const row of rows) {
      books.lotsOf(row.symbol).push({ ...openLotOf(row), row, stored: true, changed: false });
    }
    const entries = await tx
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        bookDate: ledgerEntries.bookDate,
        details: ledgerEntries.details,
        symbol: ledgerEntries.symbol,
      })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.symbol, part), inArray(ledgerEntries.kind, SHARES_KINDS)))
      .orderBy(asc(ledgerEntries.id));
    for (const e of entries) {
      const list = books.entries.get(e.symbol!) ?? [];
      list.push(e);
      books.entries.set(e.symbol!, list);
    }
  });
  const ids: number[] = [];
  const slice = new LoopSlice();
  for (const l of lines) {
    if (slice.over()) await slice.pause();
    try {
      if (l.kind === 'buy') ids.push(books.buy(l));
      else if (l.kind === 'sell') ids.push(books.sell(l));
      else if (l.kind === 'split') ids.push(await books.split(l));
      else if (l.kind === 'dividend') ids.push(await books.dividend(l));
      else ids.push(books.money(l));
    } catch (err) {
      throw onLine(l, err);
    }
  }
  await books.write();
  return ids;
}

const openLotOf = (row: LotRow): OpenLot => ({
  id: row.id,
  purchaseDate: row.purchaseDate,
  qty: dec(row.qty),
  costBasis: dec(row.costBasis),
});
