import { and, desc, eq, lt, notInArray } from 'drizzle-orm';
import { auditEvents, ledgerEntries } from '../../db/schema';
import { centsText, dec, plainText } from '../../domain/money';
import type { Db } from '../../db/open';
import type { Role } from '../../contract/roles';
import type { AuditEventsInput, AuditEventsOutput, TransactionsInput, TransactionsOutput } from '../../contract/activity';

/** The Activity page's reads: the ledger and the audit log; money is decimal text throughout. */
export interface ActivityDeps {
  db: Db;
}

/** A ledger entry as the Activity page and the transactions CSV show it. */
export type LedgerView = TransactionsOutput['entries'][number];

const plainOrNull = (v: string | null) => (v === null ? null : plainText(v));
const centsOrNull = (v: string | null) => (v === null ? null : centsText(dec(v)));

/** A ledger row as the Activity page and the transactions CSV (exports.ts) show it. */
export function ledgerView(r: typeof ledgerEntries.$inferSelect): LedgerView {
  return {
    id: r.id,
    kind: r.kind,
    source: r.source,
    at: r.at.toISOString(),
    book_date: r.bookDate,
    actor_email: r.actorEmail,
    symbol: r.symbol,
    asset_type: r.assetType,
    qty: plainOrNull(r.qty),
    price: plainOrNull(r.price),
    amount: centsOrNull(r.amount),
    settles: r.settles,
    cash_before: centsOrNull(r.cashBefore),
    cash_after: centsOrNull(r.cashAfter),
    cost_basis: centsOrNull(r.costBasis),
    realized_gain: centsOrNull(r.realizedGain),
    fee: centsOrNull(r.fee),
    flow: centsText(dec(r.flow)),
    details: r.details,
  };
}

/** GET /api/transactions: the ledger, newest first, a page at a time (`before` is the last id seen). */
export async function transactions(deps: ActivityDeps, input: TransactionsInput): Promise<TransactionsOutput> {
  const rows = await deps.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        input.before === undefined ? undefined : lt(ledgerEntries.id, input.before),
        // A blank symbol (an emptied search box, `?symbol=`) is no filter, not a search for no symbol.
        input.symbol ? eq(ledgerEntries.symbol, input.symbol.toUpperCase()) : undefined,
        input.kind === undefined ? undefined : eq(ledgerEntries.kind, input.kind),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return { entries: page.map(ledgerView), next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null };
}

export type AuditView = AuditEventsOutput['events'][number];

/** Administration events (invites), capital accounts (each LP's own) and accounts' security events (second factors, sessions) that only general partners see in the audit log. */
const GP_ONLY_ENTITIES = ['invite', 'capital_entry', 'account', 'document'];

/**
 * GET /api/audit-events: who changed what (before → after), newest first, a page at a time. A
 * limited partner sees the portfolio's events, not the administration's.
 */
export async function auditEventsPage(deps: ActivityDeps, input: AuditEventsInput, reader: { role: Role }): Promise<AuditEventsOutput> {
  const rows = await deps.db
    .select()
    .from(auditEvents)
    .where(
      and(
        input.before === undefined ? undefined : lt(auditEvents.id, input.before),
        input.entity ? eq(auditEvents.entity, input.entity) : undefined,
        reader.role === 'GP' ? undefined : notInArray(auditEvents.entity, GP_ONLY_ENTITIES),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    events: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_email: r.actorEmail,
      via: r.via,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: r.before,
      after: r.after,
    })),
    next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
