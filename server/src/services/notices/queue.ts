import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { documents, filedDocuments } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import { withdrawDocument, type Filer } from '../documents/file';

/**
 * Where the capital entries' writes owe or cancel a notice (docs/decisions/0021), in their own
 * transaction; the filing itself is services/notices/filing.ts's, in the background.
 */

/** The portal as the filer of its own documents. */
export const PORTAL: Filer = { id: null, email: 'system' };

export const noticeSource = (entryId: number) => `notice:${entryId}`;

/**
 * Queues a contribution's or distribution's notice in the transaction that records the entry, due
 * `delayMs` later (NOTICE_DELAY_MS): a correction within that time files nothing.
 */
export async function queueNotice(
  tx: Queryable,
  entry: { id: number; userId: number; kind: string; createdAt: Date },
  delayMs: number,
): Promise<void> {
  if (entry.kind !== 'contribution' && entry.kind !== 'distribution') return;
  await tx
    .insert(filedDocuments)
    .values({
      source: noticeSource(entry.id),
      kind: 'notice',
      userId: entry.userId,
      entryId: entry.id,
      dueAt: new Date(entry.createdAt.getTime() + delayMs),
      createdAt: entry.createdAt,
    })
    .onConflictDoNothing();
}

/**
 * A correction removed an entry (in its transaction): a notice not yet filed is cancelled; one
 * already filed is withdrawn by the GP who corrected it, so the partner no longer sees a notice
 * of money that did not move. Both are in the audit log.
 */
export async function noticeOfRemovedEntry(tx: Queryable, entryId: number, actor: Actor, now: Date): Promise<void> {
  const [row] = await tx
    .select()
    .from(filedDocuments)
    .where(eq(filedDocuments.source, noticeSource(entryId)))
    .for('update');
  if (!row || row.cancelledAt) return;
  if (row.filedAt === null) {
    await tx.update(filedDocuments).set({ cancelledAt: now }).where(eq(filedDocuments.id, row.id));
    return;
  }
  if (row.documentId === null) return;
  const [doc] = await tx.select({ withdrawnAt: documents.withdrawnAt }).from(documents).where(eq(documents.id, row.documentId));
  if (doc && !doc.withdrawnAt) await withdrawDocument({ db: tx, now: () => now }, { id: row.documentId, by: actor });
}
