import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { documentMailPreferences, documentMailQueue, documents, users } from '../../db/schema';
import { DOCUMENT_KIND_LABELS } from '../../contract/document-rules';
import type { DocumentMailMode, DocumentMailOutput } from '../../contract/document-mail';
import { firm } from '../../contract/firm';
import { lastDigestMoment } from '../../domain/schedule';
import type { Mail, Mailer } from '../../platform/mail';

/**
 * The e-mail new documents send their partners (docs/decisions/0021): one per document, or for an
 * LP who chose the weekly digest one on Monday at 08:00 New York listing what came since. It names
 * the documents and links to the portal; the file itself never travels by e-mail.
 */

/**
 * Queues a new document's e-mail to each partner it is addressed to (every LP when `userIds` is
 * null), in the transaction that files it: the mail is owed exactly when the document exists.
 */
export async function queueDocumentMail(tx: Queryable, documentId: number, userIds: number[] | null, at: Date): Promise<void> {
  if (userIds === null) {
    await tx.execute(sql`
      insert into ${documentMailQueue} (document_id, user_id, created_at)
      select ${documentId}, ${users.id}, ${at.toISOString()}::timestamptz from ${users} where ${users.role} = 'LP'
      on conflict do nothing`);
    return;
  }
  if (userIds.length === 0) return;
  await tx
    .insert(documentMailQueue)
    .values(userIds.map((userId) => ({ documentId, userId, createdAt: at })))
    .onConflictDoNothing();
}

export async function documentMailOf(db: Queryable, userId: number): Promise<DocumentMailOutput> {
  const [row] = await db
    .select({ mode: documentMailPreferences.mode })
    .from(documentMailPreferences)
    .where(eq(documentMailPreferences.userId, userId));
  return { mode: row?.mode ?? 'immediate' };
}

export async function setDocumentMail(
  deps: { db: Db; now: () => Date },
  userId: number,
  mode: DocumentMailMode,
): Promise<DocumentMailOutput & { message: string }> {
  const at = deps.now();
  await deps.db
    .insert(documentMailPreferences)
    .values({ userId, mode, updatedAt: at })
    .onConflictDoUpdate({ target: documentMailPreferences.userId, set: { mode, updatedAt: at } });
  return {
    mode,
    message:
      mode === 'immediate'
        ? 'Saved: you get an e-mail for each new document.'
        : 'Saved: you get one e-mail on Mondays at 8:00 AM New York time listing the week’s new documents.',
  };
}

export interface DocumentMailDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** The portal's address: the e-mails link to its documents page. */
  webOrigin: string;
}

/** A sender that stopped (a crash) leaves its claim; after this long another sends those e-mails. */
const CLAIM_EXPIRES_MS = 10 * 60_000;

interface Waiting {
  id: number;
  userId: number;
  createdAt: Date;
  title: string;
  kind: keyof typeof DOCUMENT_KIND_LABELS;
  period: string | null;
  withdrawn: boolean;
  email: string;
  firstName: string;
  mode: DocumentMailMode;
}

const describe = (d: Pick<Waiting, 'title' | 'kind' | 'period'>) =>
  `${d.title} (${DOCUMENT_KIND_LABELS[d.kind]}${d.period ? `, ${d.period}` : ''})`;

function immediateMail(d: Waiting, webOrigin: string): Mail {
  return {
    to: d.email,
    subject: `New document: ${d.title}`,
    text: [
      `Hello ${d.firstName},`,
      '',
      `${firm.name} has added a document for you in the partner portal:`,
      '',
      `  ${describe(d)}`,
      '',
      `Sign in to read or download it: ${webOrigin}/documents`,
      '',
      'The document is not attached to this e-mail: it is only in the portal.',
      'To get one e-mail a week instead, choose the weekly digest under Notifications on your profile.',
    ].join('\n'),
  };
}

function digestMail(list: Waiting[], webOrigin: string): Mail {
  const first = list[0]!;
  const count = list.length === 1 ? 'one new document' : `${list.length} new documents`;
  return {
    to: first.email,
    subject: `Your documents this week: ${count}`,
    text: [
      `Hello ${first.firstName},`,
      '',
      `${firm.name} added ${count} for you in the partner portal since the last digest:`,
      '',
      ...list.map((d) => `  - ${describe(d)}`),
      '',
      `Sign in to read or download them: ${webOrigin}/documents`,
      '',
      'The documents are not attached to this e-mail: they are only in the portal.',
      'To get an e-mail for each new document instead, change Notifications on your profile.',
    ].join('\n'),
  };
}

export interface MailPass {
  sent: number;
  failed: number;
}

/**
 * Sends the e-mail that is due: every queued one of an LP who chose immediate e-mail, and for a
 * digest LP those queued before the latest Monday 08:00 New York, as one e-mail. Rows are claimed
 * (a conditional update, so two instances never take the same row), sent, then marked sent; a
 * failed send gives its claim back for the next pass. A document withdrawn before its e-mail went
 * out is dropped.
 */
export async function sendDueDocumentMail(deps: DocumentMailDeps, log?: { warn: (obj: object, msg: string) => void }): Promise<MailPass> {
  const now = deps.now();
  const digestBefore = lastDigestMoment(now);
  const claimable = or(isNull(documentMailQueue.claimedAt), lt(documentMailQueue.claimedAt, new Date(now.getTime() - CLAIM_EXPIRES_MS)));
  const waiting: Waiting[] = (
    await deps.db
      .select({
        id: documentMailQueue.id,
        userId: documentMailQueue.userId,
        createdAt: documentMailQueue.createdAt,
        title: documents.title,
        kind: documents.kind,
        period: documents.period,
        withdrawnAt: documents.withdrawnAt,
        email: users.email,
        firstName: users.firstName,
        mode: documentMailPreferences.mode,
      })
      .from(documentMailQueue)
      .innerJoin(documents, eq(documents.id, documentMailQueue.documentId))
      .innerJoin(users, eq(users.id, documentMailQueue.userId))
      .leftJoin(documentMailPreferences, eq(documentMailPreferences.userId, documentMailQueue.userId))
      .where(and(isNull(documentMailQueue.sentAt), claimable))
      .orderBy(asc(documentMailQueue.id))
      .limit(2000)
  ).map((r) => ({ ...r, withdrawn: r.withdrawnAt !== null, mode: r.mode ?? 'immediate' }));

  const dropped = waiting.filter((w) => w.withdrawn).map((w) => w.id);
  if (dropped.length > 0) {
    await deps.db
      .update(documentMailQueue)
      .set({ sentAt: now, skipped: true })
      .where(and(inArray(documentMailQueue.id, dropped), isNull(documentMailQueue.sentAt)));
  }

  const mails: { ids: number[]; mail: Mail }[] = [];
  const digests = new Map<number, Waiting[]>();
  for (const w of waiting) {
    if (w.withdrawn) continue;
    if (w.mode === 'immediate') mails.push({ ids: [w.id], mail: immediateMail(w, deps.webOrigin) });
    else if (w.createdAt.getTime() < digestBefore.getTime()) digests.set(w.userId, [...(digests.get(w.userId) ?? []), w]);
  }
  for (const list of digests.values()) mails.push({ ids: list.map((w) => w.id), mail: digestMail(list, deps.webOrigin) });

  const pass: MailPass = { sent: 0, failed: 0 };
  for (const { ids, mail } of mails) {
    const claimed = await deps.db
      .update(documentMailQueue)
      .set({ claimedAt: now })
      .where(and(inArray(documentMailQueue.id, ids), isNull(documentMailQueue.sentAt), claimable))
      .returning({ id: documentMailQueue.id });
    // Another sender took (some of) them since they were read: it sends them.
    if (claimed.length !== ids.length) {
      if (claimed.length > 0) {
        await deps.db
          .update(documentMailQueue)
          .set({ claimedAt: null })
          .where(
            inArray(
              documentMailQueue.id,
              claimed.map((c) => c.id),
            ),
          );
      }
      continue;
    }
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      pass.failed += 1;
      log?.warn({ err, to: mail.to }, 'a document e-mail could not be sent; it is tried again later');
      await deps.db.update(documentMailQueue).set({ claimedAt: null }).where(inArray(documentMailQueue.id, ids));
      continue;
    }
    await deps.db.update(documentMailQueue).set({ sentAt: now }).where(inArray(documentMailQueue.id, ids));
    pass.sent += 1;
  }
  return pass;
}
