import { asc, lte } from 'drizzle-orm';
import { firm } from '../../contract/firm';
import { capitalEntries } from '../../db/schema';
import { quarterDays, UNIT_PLACES, unitValue, valueOfUnits } from '../../domain/capital';
import { addDays, dayInNewYork } from '../../domain/dates';
import { centsText, dec, fixed, sum, ZERO, type Decimal } from '../../domain/money';
import type { Queryable } from '../../db/open';
import type { PortfolioEngine } from '../portfolio/engine';
import { csvText, type CsvValue } from '../../platform/csv';
import { fail } from '../../platform/errors';
import { figuresOf, partnerOfAccount, type EntryView } from './accounts';
import { entryView, provisionalOf, provisionalOnDay } from './provisional';
import { PROVISIONAL_NOTE } from '../../contract/capital-rules';
import { fundOf, netAccountValueOn, officialNavDays } from './nav';

/** A quarterly statement of one LP's capital account: the figures of its PDF and CSV. */

type EntryRow = typeof capitalEntries.$inferSelect;

export interface Statement {
  firm: string;
  partner: { name: string; email: string };
  quarter: string;
  /** The day the statement was made. */
  issued: string;
  /** First day of the quarter and the day it closes (its last day, or today for the quarter under way). */
  from: string;
  to: string;
  opening_value: string;
  contributions: string;
  distributions: string;
  /** Closing − opening − contributions + distributions. */
  gain: string;
  closing_value: string;
  units: string;
  unit_value: string | null;
  /** Which ends of the quarter are valued at an official net account value a GP set for that day (the administrator's figure). */
  official: { opening: boolean; closing: boolean };
  dpi: string | null;
  rvpi: string | null;
  tvpi: string | null;
  irr: string | null;
  /** Which ends of the quarter are provisional (the closing one carries the ratios and the IRR); null when neither is. */
  provisional: { opening: boolean; closing: boolean; note: string } | null;
  entries: EntryView[];
}

const unitsOf = (rows: EntryRow[]) => sum(rows.map((r) => dec(r.units)));
const amountOf = (rows: EntryRow[], kind: EntryRow['kind']) => sum(rows.filter((r) => r.kind === kind).map((r) => dec(r.amount)));

export interface StatementDeps {
  db: Queryable;
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
  now: () => Date;
}

export async function statementOf(deps: StatementDeps, userId: number, quarter: string): Promise<Statement> {
  const days = quarterDays(quarter);
  if (!days) throw fail.badRequest('quarter must look like 2026-Q3.');
  const today = dayInNewYork(deps.now());
  if (days.first > today) throw fail.badRequest(`${quarter} has not begun yet.`);
  const partner = await partnerOfAccount(deps.db, userId);
  const to = days.last < today ? days.last : today;
  const [fund, all, officials] = await Promise.all([
    fundOf(deps.db),
    deps.db.select().from(capitalEntries).where(lte(capitalEntries.date, to)).orderBy(asc(capitalEntries.date), asc(capitalEntries.id)),
    officialNavDays(deps.db),
  ]);

  /** Net account value of a day: the engine's today, else the day's snapshot. */
  const navOn = async (day: string): Promise<Decimal | null> =>
    day >= today ? dec((await deps.portfolio.current()).valuation.totals.netAccountValue) : netAccountValueOn(deps.db, day);
  /** The account's units, the units outstanding and the net account value at the end of a day. */
  const stateOn = async (day: string) => {
    const upTo = all.filter((r) => r.date <= day);
    const units = unitsOf(upTo.filter((r) => r.userId === userId));
    const outstanding = fund && day >= fund.startDate ? dec(fund.gpUnits).plus(unitsOf(upTo)) : ZERO;
    const nav = outstanding.eq(0) ? null : await navOn(day);
    // netAccountValueOn takes a past day's official value when a GP set one for that very day.
    const official = nav !== null && day < today && officials.has(day);
    return { units, outstanding, nav, official, value: nav === null ? ZERO : valueOfUnits(units, nav, outstanding) };
  };
  const openingDay = addDays(days.first, -1);
  const opening = await stateOn(openingDay);
  const closing = await stateOn(to);
  const books = await provisionalOf(deps.db, fund, all, today, officials);
  const openingProvisional = provisionalOnDay(books, openingDay, opening.units);
  const closingProvisional = provisionalOnDay(books, to, closing.units);
  const mine = all.filter((r) => r.userId === userId);
  const inQuarter = mine.filter((r) => r.date >= days.first);
  const contributions = amountOf(inQuarter, 'contribution');
  const distributions = amountOf(inQuarter, 'distribution');
  const figures = figuresOf(mine, closing.value, to);
  const perUnit = closing.nav === null ? null : unitValue(closing.nav, closing.outstanding);
  return {
    firm: firm.name,
    partner: { name: partner.name, email: partner.email },
    quarter,
    issued: today,
    from: days.first,
    to,
    opening_value: centsText(opening.value),
    contributions: centsText(contributions),
    distributions: centsText(distributions),
    gain: centsText(closing.value.minus(opening.value).minus(contributions).plus(distributions)),
    closing_value: centsText(closing.value),
    units: fixed(closing.units, UNIT_PLACES),
    unit_value: perUnit === null ? null : fixed(perUnit, UNIT_PLACES),
    official: { opening: opening.official, closing: closing.official },
    dpi: figures.dpi,
    rvpi: figures.rvpi,
    tvpi: figures.tvpi,
    irr: figures.irr,
    provisional:
      openingProvisional || closingProvisional
        ? { opening: openingProvisional, closing: closingProvisional, note: PROVISIONAL_NOTE }
        : null,
    entries: inQuarter.map((r) => entryView(r, books, officials)),
  };
}

/** The statement as CSV: its figures as name,value lines, a blank line, then the quarter's entries. */
export function statementCsv(s: Statement): string {
  const figures: [string, CsvValue][] = [
    ['firm', s.firm],
    ['limited_partner', s.partner.name],
    ['email', s.partner.email],
    ['quarter', s.quarter],
    ['from', s.from],
    ['to', s.to],
    ['opening_value', s.opening_value],
    ['contributions', s.contributions],
    ['distributions', s.distributions],
    ['gain_or_loss', s.gain],
    ['closing_value', s.closing_value],
    ['units', s.units],
    ['value_per_unit', s.unit_value],
    ['dpi', s.dpi],
    ['rvpi', s.rvpi],
    ['tvpi', s.tvpi],
    ['irr', s.irr],
    ['opening_provisional', s.provisional?.opening ?? false],
    ['closing_provisional', s.provisional?.closing ?? false],
    ['provisional_note', s.provisional?.note],
    ['opening_official', s.official.opening],
    ['closing_official', s.official.closing],
  ];
  return csvText([
    ['figure', 'value'],
    ...figures,
    [],
    ['date', 'kind', 'amount', 'units', 'value_per_unit', 'recorded_on', 'provisional', 'official'],
    ...s.entries.map((e) => [e.date, e.kind, e.amount, e.units, e.unit_value, e.recorded_on, e.provisional, e.official]),
  ]);
}

/** A download's file name: the partner's e-mail name part and the quarter. */
export function statementFileName(s: Statement, extension: 'pdf' | 'csv'): string {
  const who = s.partner.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '_');
  return `capital-statement-${who}-${s.quarter}.${extension}`;
}
