import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { capitalEntries, capitalFund, users } from '../../db/schema';
import { fewestUnitsFrom, startUnits, UNIT_PLACES, unitsFor, type UnitMove } from '../../domain/capital';
import { dayInNewYork } from '../../domain/dates';
import { bookDateProblem } from '../../contract/book-dates';
import { centsText, dec, fixed, plain, type Decimal } from '../../domain/money';
import { recordAudit, type Actor } from '../../platform/audit';
import type { Db } from '../../db/open';
import { fail } from '../../platform/errors';
import { usd } from '../../platform/format';
import { writeBooks } from '../portfolio/ledger';
import { moveMoney } from '../portfolio/trades';
import { requestHistoryRebuild } from '../portfolio/history-rebuild';
import { noticeOfRemovedEntry, queueNotice } from '../notices/queue';
import { fundOf, netAccountValueNow, pricingValueOn, totalOf, unitsOutstandingOn, type FundRow } from './nav';

/**
 * Recording and correcting a limited partner's commitments, contributions and distributions.
 * A contribution is a deposit into Cash Available and a distribution a withdrawal (the ledger's
 * cash movements, so cash and the returns' flows stay right); each buys or redeems units at the
 * day's value per unit. Every change is in the audit log, in the same transaction.
 */

export type CapitalKind = (typeof capitalEntries.$inferSelect)['kind'];
type EntryRow = typeof capitalEntries.$inferSelect;

export interface EntryInput {
  userId: number;
  kind: CapitalKind;
  /** Cents, above zero. */
  amount: string;
  date: string;
  /** A distribution may take Cash Available below zero (margin). */
  allow_negative_cash?: boolean | undefined;
}

/** Capital accounts' writes queue behind one another (units outstanding are read, then added to). */
const CAPITAL_LOCK = 7_316_001;

/** An entry as the audit log and the API show it. */
export interface CapitalEntriesDeps {
  db: Db;
  now: () => Date;
  /** How long after a contribution or distribution its notice is filed (NOTICE_DELAY_MS); 0 when not given. */
  noticeDelayMs?: number;
}

export const entryRecord = (row: EntryRow, userEmail?: string) => ({
  id: row.id,
  user_id: row.userId,
  ...(userEmail ? { user_email: userEmail } : {}),
  kind: row.kind,
  amount: centsText(dec(row.amount)),
  date: row.date,
  units: fixed(dec(row.units), UNIT_PLACES),
  unit_value: row.unitValue === null ? null : fixed(dec(row.unitValue), UNIT_PLACES),
});

async function limitedPartner(db: Queryable, userId: number) {
  const [user] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user || user.role !== 'LP') throw fail.notFound('There is no limited partner with that id.');
  return user;
}

/** An LP's units bought and redeemed, entry by entry, read inside the caller's transaction. */
async function unitMovesOf(tx: Queryable, userId: number): Promise<(UnitMove & { id: number })[]> {
  const rows = await tx
    .select({ id: capitalEntries.id, date: capitalEntries.date, units: capitalEntries.units })
    .from(capitalEntries)
    .where(and(eq(capitalEntries.userId, userId), ne(capitalEntries.kind, 'commitment')));
  return rows.map((r) => ({ id: r.id, date: r.date, units: dec(r.units) }));
}

/** The net account value that prices a day's units: the engine's today, the snapshot before. */
async function pricingValue(tx: Queryable, day: string, today: string): Promise<Decimal> {
  const value = day >= today ? await netAccountValueNow(tx, today) : await pricingValueOn(tx, day);
  if (value === null) throw fail.badRequest(`There is no net account value for ${day} yet, so its units cannot be priced.`);
  if (value.lte(0)) throw fail.badRequest(`The net account value on ${day} is not above zero, so its units cannot be priced.`);
  return value;
}

/** The fund, started on this day (the GP side's units at 1,000.00) if this is the first contribution. */
async function fundFor(tx: Queryable, day: string, today: string): Promise<FundRow> {
  const fund = await fundOf(tx, true);
  if (fund) {
    if (day < fund.startDate) throw fail.badRequest(`Capital accounts start on ${fund.startDate}; an entry cannot be dated before it.`);
    return fund;
  }
  const value = await pricingValue(tx, day, today);
  const [created] = await tx
    .insert(capitalFund)
    .values({ id: 1, startDate: day, startValue: centsText(value), gpUnits: plain(startUnits(value)) })
    .returning();
  return created!;
}

export async function recordEntry(
  deps: CapitalEntriesDeps,
  actor: Actor,
  input: EntryInput,
): Promise<{ message: string; entry: ReturnType<typeof entryRecord> }> {
  const now = deps.now();
  const today = dayInNewYork(now);
  const dateProblem = bookDateProblem(input.date, now);
  if (dateProblem) throw fail.badRequest(dateProblem);
  const amount = dec(input.amount);
  const row = await writeBooks(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAPITAL_LOCK})`);
    const partner = await limitedPartner(tx, input.userId);
    let units = dec(0);
    let unitValueText: string | null = null;
    let ledgerEntryId: number | null = null;
    if (input.kind !== 'commitment') {
      if (input.kind === 'contribution') {
        const unfunded = (await totalOf(tx, input.userId, 'commitment')).minus(await totalOf(tx, input.userId, 'contribution'));
        if (amount.gt(unfunded)) {
          throw fail.badRequest(
            `The contribution of ${usd(centsText(amount))} is more than the unfunded commitment of ${usd(centsText(unfunded))}.`,
          );
        }
      }
      const fund = await fundFor(tx, input.date, today);
      const value = await pricingValue(tx, input.date, today);
      const outstanding = await unitsOutstandingOn(tx, fund, input.date);
      units = unitsFor(amount, value, outstanding);
      unitValueText = fixed(value.div(outstanding), UNIT_PLACES);
      if (input.kind === 'distribution') {
        // Later entries may have redeemed units this one would redeem again: the account must keep
        // enough units on every day from this date on, not only on this date.
        const fewest = fewestUnitsFrom(await unitMovesOf(tx, input.userId), input.date);
        if (units.gt(fewest.units)) {
          if (fewest.date === input.date) {
            const worth = fewest.units.times(value).div(outstanding);
            throw fail.badRequest(
              `The distribution of ${usd(centsText(amount))} is more than the account's value of ${usd(centsText(worth))} on ${input.date}.`,
            );
          }
          throw fail.badRequest(
            `The distribution of ${usd(centsText(amount))} on ${input.date} would redeem ${fixed(units, UNIT_PLACES)} units, ` +
              `but after the entries dated up to ${fewest.date} the account holds only ${fixed(fewest.units, UNIT_PLACES)} units on that day. ` +
              'Correct the later distributions first, or record a smaller amount.',
          );
        }
        units = units.neg();
      }
      const cash = await moveMoney({ db: tx, now: () => now }, actor, {
        kind: input.kind === 'contribution' ? 'deposit' : 'withdrawal',
        amount: centsText(amount),
        note: `Capital ${input.kind}`,
        allowNegativeCash: input.allow_negative_cash ?? false,
      });
      ledgerEntryId = cash.entryId;
    }
    const [inserted] = await tx
      .insert(capitalEntries)
      .values({
        userId: input.userId,
        kind: input.kind,
        amount: centsText(amount),
        date: input.date,
        units: plain(units),
        unitValue: unitValueText,
        ledgerEntryId,
        createdBy: actor.id,
        // The moment it was recorded on the product's clock: it tells which snapshots lack its cash.
        createdAt: now,
      })
      .returning();
    // Its notice is owed from the moment the entry exists (docs/decisions/0021).
    await queueNotice(tx, inserted!, deps.noticeDelayMs ?? 0);
    await recordAudit(tx, actor, now, [
      { action: 'capital.add', entity: 'capital_entry', entityId: inserted!.id, after: entryRecord(inserted!, partner.email) },
    ]);
    return { row: inserted!, email: partner.email };
  });
  const what = input.kind[0]!.toUpperCase() + input.kind.slice(1);
  return { message: `${what} of ${usd(centsText(amount))} on ${input.date} recorded for ${row.email}.`, entry: entryRecord(row.row) };
}

/**
 * A correction: the entry leaves the account, and a contribution's or distribution's cash goes back
 * the other way (a withdrawal or a deposit of the same amount, today) with its units.
 */
export async function deleteEntry(deps: CapitalEntriesDeps, actor: Actor, id: number): Promise<{ message: string }> {
  const now = deps.now();
  const removed = await writeBooks(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAPITAL_LOCK})`);
    const [entry] = await tx.select().from(capitalEntries).where(eq(capitalEntries.id, id));
    if (!entry) throw fail.notFound('That capital account entry no longer exists.');
    const [partner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, entry.userId));
    if (entry.kind === 'commitment') {
      const left = (await totalOf(tx, entry.userId, 'commitment')).minus(dec(entry.amount));
      const contributed = await totalOf(tx, entry.userId, 'contribution');
      if (contributed.gt(left)) {
        throw fail.conflict(
          `Without this commitment the account's commitments (${usd(centsText(left))}) would be less than its contributions (${usd(centsText(contributed))}).`,
        );
      }
    } else {
      // Taking a distribution back only gives units back, so it is always possible (even in books
      // that went short before this rule); a contribution's units must not be needed on any later day.
      const others = entry.kind === 'contribution' ? (await unitMovesOf(tx, entry.userId)).filter((m) => m.id !== entry.id) : [];
      if (entry.kind === 'contribution' && fewestUnitsFrom(others, entry.date).units.lt(0)) {
        throw fail.conflict('Units of this contribution have been distributed since; correct the later distributions first.');
      }
      await moveMoney({ db: tx, now: () => now }, actor, {
        kind: entry.kind === 'contribution' ? 'withdrawal' : 'deposit',
        amount: centsText(dec(entry.amount)),
        note: `Correction of capital ${entry.kind} #${entry.id}`,
        // Taking back a contribution recorded by mistake corrects the books even where the cash has been spent since.
        allowNegativeCash: true,
      });
    }
    await tx.delete(capitalEntries).where(eq(capitalEntries.id, id));
    // Its notice is not filed, or is withdrawn if it was (docs/decisions/0021).
    await noticeOfRemovedEntry(tx, entry.id, actor, now);
    // Its cash no longer counts from its date: the days since are valued again (docs/decisions/0018).
    if (entry.kind !== 'commitment' && entry.date < dayInNewYork(now)) await requestHistoryRebuild(tx, entry.date);
    // With no priced entry left, the fund starts again with the next contribution (on its own date).
    const [priced] = await tx.select({ id: capitalEntries.id }).from(capitalEntries).where(ne(capitalEntries.kind, 'commitment')).limit(1);
    if (!priced) await tx.delete(capitalFund);
    await recordAudit(tx, actor, now, [
      { action: 'capital.delete', entity: 'capital_entry', entityId: entry.id, before: entryRecord(entry, partner?.email) },
    ]);
    return entry;
  });
  return { message: `The ${removed.kind} of ${usd(centsText(dec(removed.amount)))} on ${removed.date} was removed.` };
}
