import { desc, eq } from 'drizzle-orm';
import { contactSubmissions } from '../../db/schema';
import { PHONE_MESSAGE, isValidPhone } from '../../contract/contact-rules';
import type { ContactHandledOutput, MarkHandledInput, Submission, SubmitInquiryInput } from '../../contract/contact';
import type { MessageOutput } from '../../contract/common';
import { recordAudit, type Actor } from '../../platform/audit';
import type { Db } from '../../db/open';
import { fail } from '../../platform/errors';
import { LIMITS, type Caller, type RateLimiter } from '../../platform/rate-limit';

export interface ContactDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
}

export const CONTACT_RECEIVED = 'Submission successful!';
export const SUBMISSION_NOT_FOUND = 'That submission no longer exists.';
export const SUBMISSION_DELETED = 'Submission deleted.';
export const TOO_MANY_CONTACTS = 'Too many inquiries from your network. Please try again in an hour.';

export async function submitInquiry(deps: ContactDeps, input: SubmitInquiryInput, caller: Caller): Promise<MessageOutput> {
  if (!isValidPhone(input.phone)) throw fail.badRequest(PHONE_MESSAGE);
  if (!(await deps.limiter.hit(`contact:ip:${caller.ip}`, LIMITS.contactPerIp))) throw fail.tooMany(TOO_MANY_CONTACTS);
  await deps.db.insert(contactSubmissions).values(input);
  return { message: CONTACT_RECEIVED };
}

export async function listSubmissions(deps: ContactDeps): Promise<Submission[]> {
  const rows = await deps.db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    created_at: r.createdAt.toISOString(),
    handled_at: r.handledAt?.toISOString() ?? null,
  }));
}

type SubmissionRow = typeof contactSubmissions.$inferSelect;
const audited = (r: SubmissionRow) => ({ name: r.name, email: r.email, handled_at: r.handledAt?.toISOString() ?? null });

/** A GP marks an inquiry handled (or open again); the change is audited with its before and after. */
export async function markHandled(deps: ContactDeps, actor: Actor, input: MarkHandledInput): Promise<ContactHandledOutput> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, input.id)).for('update');
    if (!before) throw fail.notFound(SUBMISSION_NOT_FOUND);
    const [after] = await tx
      .update(contactSubmissions)
      .set(
        input.handled
          ? { handledAt: before.handledAt ?? now, handledBy: before.handledBy ?? actor.id }
          : { handledAt: null, handledBy: null },
      )
      .where(eq(contactSubmissions.id, input.id))
      .returning();
    if (!after) throw fail.notFound(SUBMISSION_NOT_FOUND);
    await recordAudit(tx, actor, now, [
      {
        action: input.handled ? 'mark_handled' : 'reopen',
        entity: 'contact_submission',
        entityId: input.id,
        before: audited(before),
        after: audited(after),
      },
    ]);
    return {
      message: input.handled ? `Marked the inquiry from ${before.name} handled.` : `The inquiry from ${before.name} is open again.`,
      handled_at: after.handledAt?.toISOString() ?? null,
    };
  });
}

/** A GP deletes an inquiry (after confirming in the page); what it said stays in the audit log. */
export async function deleteSubmission(deps: ContactDeps, actor: Actor, id: number): Promise<MessageOutput> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(contactSubmissions).where(eq(contactSubmissions.id, id)).returning();
    if (!gone) throw fail.notFound(SUBMISSION_NOT_FOUND);
    await recordAudit(tx, actor, now, [
      {
        action: 'delete',
        entity: 'contact_submission',
        entityId: id,
        before: { ...audited(gone), phone: gone.phone, message: gone.message, created_at: gone.createdAt.toISOString() },
      },
    ]);
  });
  return { message: SUBMISSION_DELETED };
}
