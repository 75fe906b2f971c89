import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { officialNavs, portfolioSnapshots } from '../../db/schema';
import { OFFICIAL_NAV_DAY_RULE, type OfficialNavInput, type OfficialNavsOutput } from '../../contract/history-rebuild';
import { dayInNewYork } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { recordAudit, type Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { usd } from '../../platform/format';
import { portfolioChanged, writeBooks } from './ledger';

/**
 * The official net account value of a past day (the figure a fund administrator struck): set and
 * removed by a GP, audited, and used by capital accounts in place of the computed one
 * (docs/decisions/0018-history-from-the-first-entry.md).
 */

export interface OfficialNavsDeps {
  db: Db;
  now: () => Date;
}

type Row = typeof officialNavs.$inferSelect;

const record = (row: Row) => ({ date: row.date, value: centsText(dec(row.value)), note: row.note });

export async function listOfficialNavs(deps: OfficialNavsDeps): Promise<OfficialNavsOutput> {
  const rows = await deps.db
    .select({ nav: officialNavs, computed: portfolioSnapshots.netAccountValue })
    .from(officialNavs)
    .leftJoin(portfolioSnapshots, eq(portfolioSnapshots.date, officialNavs.date))
    .orderBy(asc(officialNavs.date));
  return {
    navs: rows.map(({ nav, computed }) => ({
      ...record(nav),
      computed: computed === null ? null : centsText(dec(computed)),
      set_by: nav.setByEmail,
      set_at: nav.setAt.toISOString(),
    })),
  };
}

export async function setOfficialNav(deps: OfficialNavsDeps, actor: Actor, input: OfficialNavInput): Promise<{ message: string }> {
  const now = deps.now();
  if (input.date >= dayInNewYork(now)) throw fail.badRequest(OFFICIAL_NAV_DAY_RULE);
  const value = centsText(dec(input.value));
  await writeBooks(deps.db, async (tx) => {
    const [before] = await tx.select().from(officialNavs).where(eq(officialNavs.date, input.date)).for('update');
    const values = { date: input.date, value, note: input.note ?? '', setBy: actor.id, setByEmail: actor.email, setAt: now };
    const [after] = await tx.insert(officialNavs).values(values).onConflictDoUpdate({ target: officialNavs.date, set: values }).returning();
    await recordAudit(tx, actor, now, [
      {
        action: 'official-nav.set',
        entity: 'official_nav',
        entityId: input.date,
        before: before ? record(before) : null,
        after: record(after!),
      },
    ]);
    // Capital accounts and statements are kept per version of the books (decision 0014).
    await portfolioChanged(tx);
  });
  return { message: `The official net account value of ${input.date} is now ${usd(value)}.` };
}

export async function removeOfficialNav(deps: OfficialNavsDeps, actor: Actor, date: string): Promise<{ message: string }> {
  const now = deps.now();
  await writeBooks(deps.db, async (tx) => {
    const [removed] = await tx.delete(officialNavs).where(eq(officialNavs.date, date)).returning();
    if (!removed) throw fail.notFound(`There is no official net account value for ${date}.`);
    await recordAudit(tx, actor, now, [
      { action: 'official-nav.delete', entity: 'official_nav', entityId: date, before: record(removed), after: null },
    ]);
    await portfolioChanged(tx);
  });
  return { message: `The official net account value of ${date} was removed; the computed one counts again.` };
}
