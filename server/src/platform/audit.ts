import type { Queryable } from '../db/open';
import { auditEvents } from '../db/schema';

/** Who makes a portfolio change: a signed-in partner, directly or through the assistant. */
export interface Actor {
  id: number;
  email: string;
  via?: 'user' | 'assistant';
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records portfolio writes in the same transaction as the writes themselves. */
export async function recordAudit(
  db: Queryable,
  actor: Omit<Actor, 'id'> & { id: number | null },
  at: Date,
  entries: AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEvents).values(auditRows(actor, at, entries));
}

/** The rows of audit events, as recordAudit writes them (an import writes thousands at once). */
export function auditRows(actor: Omit<Actor, 'id'> & { id: number | null }, at: Date, entries: readonly AuditEntry[]) {
  return entries.map((e) => ({
    actorId: actor.id,
    actorEmail: actor.email,
    via: actor.via ?? 'user',
    action: e.action,
    entity: e.entity,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
    at,
  }));
}
