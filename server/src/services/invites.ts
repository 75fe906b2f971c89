import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/open';
import { invites } from '../db/schema';
import type { Role } from '../domain/roles';
import type { ServiceDeps } from './deps';
import { fail } from './errors';
import { randomToken, sha256 } from './secrets';

export const INVITE_VALIDITY_HOURS = 24;
export const INVALID_INVITE = 'This invite link is invalid, expired or already used. Ask a general partner for a new one.';

export function inviteLink(webOrigin: string, code: string): string {
  return `${webOrigin}/signup?invite=${encodeURIComponent(code)}`;
}

export async function createInvite(
  deps: Pick<ServiceDeps, 'db' | 'webOrigin' | 'now'>,
  input: { role: Role; validityHours?: number | undefined; createdBy: number | null },
): Promise<{ link: string; expiresAt: Date }> {
  const code = randomToken();
  const hours = input.validityHours ?? INVITE_VALIDITY_HOURS;
  const expiresAt = new Date(deps.now().getTime() + hours * 3_600_000);
  await deps.db.insert(invites).values({ codeHash: sha256(code), role: input.role, createdBy: input.createdBy, expiresAt });
  return { link: inviteLink(deps.webOrigin, code), expiresAt };
}

/**
 * Marks the invite used inside the sign-up transaction and answers its role. The conditional
 * update makes it single-use even when two sign-ups race.
 */
export async function consumeInvite(tx: Queryable, code: string, now: Date): Promise<{ id: number; role: Role }> {
  const [invite] = await tx
    .update(invites)
    .set({ usedAt: now })
    .where(and(eq(invites.codeHash, sha256(code)), isNull(invites.usedAt), gt(invites.expiresAt, now)))
    .returning({ id: invites.id, role: invites.role });
  if (!invite) throw fail.badRequest(INVALID_INVITE);
  return invite;
}

export async function markInviteUsedBy(tx: Queryable, inviteId: number, userId: number): Promise<void> {
  await tx.update(invites).set({ usedBy: userId }).where(eq(invites.id, inviteId));
}

/**
 * Whether the code names an invite that can still be used: a cheap look before costly work (the
 * password hash). consumeInvite, inside the sign-up transaction, stays the authority.
 */
export async function isInviteUsable(db: Queryable, code: string, now: Date): Promise<boolean> {
  const [invite] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.codeHash, sha256(code)), isNull(invites.usedAt), gt(invites.expiresAt, now)));
  return invite !== undefined;
}
