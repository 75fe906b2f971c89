import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { capitalEntries, users } from '../../db/schema';
import { multiples, UNIT_PLACES, unitValue, valueOfUnits, xirr, type DatedFlow, type Multiples } from '../../domain/capital';
import { dayInNewYork } from '../../domain/dates';
import { centsText, dec, fixed, sum, ZERO, type Decimal } from '../../domain/money';
import type { PortfolioEngine } from '../portfolio/engine';
import { derivedAnswer } from '../portfolio/derived';
import { fail } from '../../platform/errors';
import { inSlices } from '../../platform/yield';
import { fundOf, officialNavDays, snapshotsFrom, type FundRow } from './nav';
import { earlier, entryView, provisionalMark, provisionalOf, provisionalOnDay, type ProvisionalMark } from './provisional';

/** The capital accounts' reads: one LP's account with its entries and value over time, and all of them. */

type EntryRow = typeof capitalEntries.$inferSelect;
export type EntryView = ReturnType<typeof entryView>;

export interface AccountFigures extends Multiples {
  commitment: string;
  contributed: string;
  unfunded: string;
  distributed: string;
  units: string;
  value: string;
  /** Annual internal rate of return as a fraction to 4 places (XIRR), null when there is none. */
  irr: string | null;
}

export interface Partner {
  user_id: number;
  name: string;
  email: string;
}

/** The firm as capital accounts see it on a day: net account value, units outstanding, value per unit. */
export interface FundState {
  as_of: string;
  start_date: string | null;
  net_account_value: string;
  units_outstanding: string;
  unit_value: string | null;
}

export interface AccountView extends Partner {
  figures: AccountFigures;
  fund: FundState;
  entries: EntryView[];
  /** The account's value at each day's snapshot since capital accounts started, and today; `official` where a GP's official value counts. */
  history: { date: string; value: string; provisional: boolean; official: boolean }[];
  /** From which day figures are provisional and whether today's are; null when none is. */
  provisional: ProvisionalMark | null;
}

const totalOf = (rows: EntryRow[], kind: EntryRow['kind']) => sum(rows.filter((r) => r.kind === kind).map((r) => dec(r.amount)));
const unitsOf = (rows: EntryRow[]) => sum(rows.map((r) => dec(r.units)));

/**
 * Units on or before each day asked, the days asked in increasing order: a running sum over the
 * entries (ordered by date) from `start`, so a history of n days over m entries costs n + m steps.
 */
function runningUnits(rows: readonly EntryRow[], start: Decimal): (day: string) => Decimal {
  let next = 0;
  let units = start;
  return (day) => {
    while (next < rows.length && rows[next]!.date <= day) units = units.plus(dec(rows[next++]!.units));
    return units;
  };
}

/** The entries of each user, in the order given. */
function byUser(rows: readonly EntryRow[]): Map<number, EntryRow[]> {
  const groups = new Map<number, EntryRow[]>();
  for (const r of rows) {
    const group = groups.get(r.userId);
    if (group) group.push(r);
    else groups.set(r.userId, [r]);
  }
  return groups;
}

/** The partner's flows for the IRR: contributions paid in (−), distributions received (+), and the value (+) at the end. */
export function flowsOf(rows: EntryRow[], value: Decimal, asOf: string): DatedFlow[] {
  const flows: DatedFlow[] = rows
    .filter((r) => r.kind !== 'commitment')
    .map((r) => ({ date: r.date, amount: r.kind === 'contribution' ? dec(r.amount).neg() : dec(r.amount) }));
  return [...flows, { date: asOf, amount: value }];
}

/** An account's figures from its entries (those up to the day meant) and its value that day. */
export function figuresOf(rows: EntryRow[], value: Decimal, asOf: string): AccountFigures {
  const commitment = totalOf(rows, 'commitment');
  const contributed = totalOf(rows, 'contribution');
  const distributed = totalOf(rows, 'distribution');
  const irr = xirr(flowsOf(rows, value, asOf));
  return {
    commitment: centsText(commitment),
    contributed: centsText(contributed),
    unfunded: centsText(commitment.minus(contributed)),
    distributed: centsText(distributed),
    units: fixed(unitsOf(rows), UNIT_PLACES),
    value: centsText(value),
    ...multiples(contributed, distributed, value),
    irr: irr === null ? null : fixed(irr, 4),
  };
}

export interface CapitalAccountsDeps {
  db: Queryable;
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
  now: () => Date;
}

const byDateThenId = [asc(capitalEntries.date), asc(capitalEntries.id)];

/** Today's net account value and the units outstanding now. */
async function fundNow(
  deps: CapitalAccountsDeps,
  fund: FundRow | null,
  all: EntryRow[],
): Promise<{ state: FundState; nav: Decimal; units: Decimal }> {
  const view = await deps.portfolio.current();
  const nav = dec(view.valuation.totals.netAccountValue);
  const units = fund ? dec(fund.gpUnits).plus(unitsOf(all)) : ZERO;
  const perUnit = unitValue(nav, units);
  return {
    nav,
    units,
    state: {
      as_of: dayInNewYork(deps.now()),
      start_date: fund?.startDate ?? null,
      net_account_value: centsText(nav),
      units_outstanding: fixed(units, UNIT_PLACES),
      unit_value: perUnit === null ? null : fixed(perUnit, UNIT_PLACES),
    },
  };
}

export async function partnerOfAccount(db: Queryable, userId: number): Promise<Partner> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.role !== 'LP') throw fail.notFound('There is no limited partner with that id.');
  return { user_id: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email };
}

/** GET /api/capital-account: one LP's account, entries and value over time, computed once per version of the books (decision 0014). */
export function accountOf(deps: CapitalAccountsDeps, userId: number): Promise<AccountView> {
  return derivedAnswer(deps, `capital-account|${userId}`, () => computeAccount(deps, userId));
}

async function computeAccount(deps: CapitalAccountsDeps, userId: number): Promise<AccountView> {
  const partner = await partnerOfAccount(deps.db, userId);
  const [fund, all, officials] = await Promise.all([
    fundOf(deps.db),
    deps.db
      .select()
      .from(capitalEntries)
      .orderBy(...byDateThenId),
    officialNavDays(deps.db),
  ]);
  const mine = all.filter((r) => r.userId === userId);
  const now = await fundNow(deps, fund, all);
  const books = await provisionalOf(deps.db, fund, all, now.state.as_of, officials);
  const held = unitsOf(mine);
  const value = valueOfUnits(held, now.nav, now.units);
  const provisionalOn = (day: string, units: Decimal) => provisionalOnDay(books, day, units);
  const history: AccountView['history'] = [];
  if (fund) {
    // Units held and outstanding as running sums by date: the entries come ordered by date.
    const mineUpTo = runningUnits(mine, ZERO);
    const allUpTo = runningUnits(all, dec(fund.gpUnits));
    for (const s of await snapshotsFrom(deps.db, fund.startDate)) {
      if (s.date >= now.state.as_of) break;
      const units = mineUpTo(s.date);
      const outstanding = allUpTo(s.date);
      history.push({
        date: s.date,
        value: centsText(valueOfUnits(units, dec(s.value), outstanding)),
        provisional: provisionalOn(s.date, units),
        official: s.official,
      });
    }
    history.push({ date: now.state.as_of, value: centsText(value), provisional: provisionalOn(now.state.as_of, held), official: false });
  }
  const figuresProvisional = history.at(-1)?.provisional ?? false;
  return {
    ...partner,
    figures: figuresOf(mine, value, now.state.as_of),
    fund: now.state,
    entries: mine.map((r) => entryView(r, books, officials)),
    history,
    provisional: provisionalMark(history.find((p) => p.provisional)?.date ?? null, figuresProvisional),
  };
}

export interface AccountsView {
  fund: FundState;
  /** Each account; `provisional` when its figures today rest on units priced from an incomplete snapshot. */
  accounts: (Partner & { figures: AccountFigures; provisional: boolean })[];
  /** From which day the fund's figures are provisional and whether today's are; null when none is. */
  provisional: ProvisionalMark | null;
  /** The GP side: the units it held when capital accounts started, worth the rest of the net account value. */
  gp: { units: string; value: string };
}

/** GET /api/capital-accounts: every LP's account and the GP side, computed once per version of the books (decision 0014). */
export function allAccounts(deps: CapitalAccountsDeps): Promise<AccountsView> {
  return derivedAnswer(deps, 'capital-accounts', () => computeAllAccounts(deps));
}

async function computeAllAccounts(deps: CapitalAccountsDeps): Promise<AccountsView> {
  const [fund, all, partners, officials] = await Promise.all([
    fundOf(deps.db),
    deps.db
      .select()
      .from(capitalEntries)
      .orderBy(...byDateThenId),
    deps.db
      .select()
      .from(users)
      .where(inArray(users.role, ['LP']))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    officialNavDays(deps.db),
  ]);
  const now = await fundNow(deps, fund, all);
  const books = await provisionalOf(deps.db, fund, all, now.state.as_of, officials);
  const entriesOf = byUser(all);
  const accounts: AccountsView['accounts'] = [];
  // An IRR each: 500 LPs held the event loop about 60 ms at once; in slices, other requests are answered between them.
  await inSlices(partners, (u) => {
    const mine = entriesOf.get(u.id) ?? [];
    const held = unitsOf(mine);
    const value = valueOfUnits(held, now.nav, now.units);
    accounts.push({
      user_id: u.id,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      figures: figuresOf(mine, value, now.state.as_of),
      provisional: books.firstMispriced !== null && !held.eq(0),
    });
  });
  const lpValue = sum(accounts.map((a) => dec(a.figures.value)));
  return {
    fund: now.state,
    accounts,
    provisional: provisionalMark(earlier(books.firstStale, books.firstMispriced), books.firstMispriced !== null),
    gp: { units: fixed(fund ? dec(fund.gpUnits) : ZERO, UNIT_PLACES), value: centsText(fund ? now.nav.minus(lpValue) : now.nav) },
  };
}
