import { desc } from 'drizzle-orm';
import { contactSubmissions } from '../db/schema';
import { PHONE_MESSAGE, isValidPhone } from '../domain/contact-rules';
import type { Caller, ServiceDeps } from './deps';
import { fail } from './errors';
import { LIMITS } from './rate-limit';

export const CONTACT_RECEIVED = 'Submission successful!';
export const TOO_MANY_CONTACTS = 'Too many inquiries from your network. Please try again in an hour.';

export async function submitInquiry(
  deps: Pick<ServiceDeps, 'db' | 'limiter'>,
  input: { name: string; email: string; phone: string; message: string },
  caller: Caller,
): Promise<{ message: string }> {
  if (!isValidPhone(input.phone)) throw fail.badRequest(PHONE_MESSAGE);
  if (!(await deps.limiter.hit(`contact:ip:${caller.ip}`, LIMITS.contactPerIp))) throw fail.tooMany(TOO_MANY_CONTACTS);
  await deps.db.insert(contactSubmissions).values(input);
  return { message: CONTACT_RECEIVED };
}

export async function listSubmissions(deps: Pick<ServiceDeps, 'db'>) {
  const rows = await deps.db
    .select()
    .from(contactSubmissions)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    created_at: r.createdAt.toISOString(),
  }));
}
