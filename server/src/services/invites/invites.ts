import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { invites, users } from '../../db/schema';
import type { Role } from '../../contract/roles';
import { recordAudit, type Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { LIMITS, type Caller, type RateLimiter } from '../../platform/rate-limit';
import { randomToken, sha256 } from '../../platform/secrets';

import { INVALID_INVITE, INVITE_VALIDITY_HOURS } from '../../contract/invite-rules';

/** The invites' rows, read or written in the caller's database or transaction. */
export interface InviteBookDeps {
  db: Queryable;
  now: () => Date;
}

/** Making an invite: `pnpm cli invite` has just these. */
export interface InviteMakerDeps extends InviteBookDeps {
  /** Where the sign-up link points. */
  webOrigin: string;
}

export interface InvitesDeps extends InviteMakerDeps {
  db: Db;
  limiter: RateLimiter;
}
export const TOO_MANY_INVITE_CHECKS = 'Too many invite checks from your network. Please try again later.';
export const INVITE_NOT_FOUND = 'Invite not found.';
export const INVITE_ALREADY_USED = 'This invite has already been used, so it cannot be revoked.';
export const INVITE_REVOKED = 'Invite revoked.';

export function inviteLink(webOrigin: string, code: string): string {
  return `${webOrigin}/signup?invite=${encodeURIComponent(code)}`;
}

export async function createInvite(
  deps: InviteMakerDeps,
  input: { role: Role; validityHours?: number | undefined; createdBy: number | null },
): Promise<{ link: string; expiresAt: Date }> {
  const code = randomToken();
  const hours = input.validityHours ?? INVITE_VALIDITY_HOURS;
  const expiresAt = new Date(deps.now().getTime() + hours * 3_600_000);
  await deps.db.insert(invites).values({ codeHash: sha256(code), role: input.role, createdBy: input.createdBy, expiresAt });
  return { link: inviteLink(deps.webOrigin, code), expiresAt };
}

/** An invite that can still be used: not used, not revoked, not expired. */
const isOpen = (now: Date) => and(isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));

/**
 * Marks the invite used inside the sign-up transaction and answers its role. The conditional
 * update makes it single-use even when two sign-ups race, and refuses a revoked one.
 */
export async function consumeInvite(deps: InviteBookDeps, code: string): Promise<{ id: number; role: Role }> {
  const now = deps.now();
  const [invite] = await deps.db
    .update(invites)
    .set({ usedAt: now })
    .where(and(eq(invites.codeHash, sha256(code)), isOpen(now)))
    .returning({ id: invites.id, role: invites.role });
  if (!invite) throw fail.badRequest(INVALID_INVITE);
  return invite;
}

export async function markInviteUsedBy(deps: InviteBookDeps, inviteId: number, userId: number): Promise<void> {
  await deps.db.update(invites).set({ usedBy: userId }).where(eq(invites.id, inviteId));
}

/**
 * Whether the code names an invite that can still be used: a cheap look before costly work (the
 * password hash). consumeInvite, inside the sign-up transaction, stays the authority.
 */
export async function isInviteUsable(deps: InviteBookDeps, code: string): Promise<boolean> {
  const [invite] = await deps.db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.codeHash, sha256(code)), isOpen(deps.now())));
  return invite !== undefined;
}

/**
 * The sign-up page's check when it opens: only whether the code can still be used, nothing of
 * its role or creator. Limited per address like sign-up, so codes cannot be guessed faster here.
 */
export async function checkInvite(deps: InvitesDeps, code: string, caller: Caller): Promise<{ valid: boolean }> {
  if (!(await deps.limiter.hit(`invite-check:ip:${caller.ip}`, LIMITS.inviteCheckPerIp))) throw fail.tooMany(TOO_MANY_INVITE_CHECKS);
  return { valid: await isInviteUsable(deps, code) };
}

export interface OpenInvite {
  id: number;
  role: Role;
  created_by: string | null;
  created_at: string;
  expires_at: string;
}

/** The invites that can still be used, soonest to expire first, with their creator's name and e-mail. */
export async function openInvites(deps: InviteBookDeps): Promise<OpenInvite[]> {
  const rows = await deps.db
    .select({
      id: invites.id,
      role: invites.role,
      createdAt: invites.createdAt,
      expiresAt: invites.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.createdBy))
    .where(isOpen(deps.now()))
    .orderBy(asc(invites.expiresAt), asc(invites.id));
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    created_by: r.email === null ? null : `${r.firstName} ${r.lastName} (${r.email})`,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
  }));
}

/**
 * Revokes an invite so its link no longer signs anyone up. Any GP may revoke any invite; revoking
 * one that is already revoked or expired answers the same, since it cannot be used either way.
 */
export async function revokeInvite(deps: InvitesDeps, me: Actor, id: number): Promise<{ message: string }> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [invite] = await tx.select().from(invites).where(eq(invites.id, id)).for('update');
    if (!invite) throw fail.notFound(INVITE_NOT_FOUND);
    if (invite.usedAt !== null) throw fail.conflict(INVITE_ALREADY_USED);
    if (invite.revokedAt !== null) return;
    await tx.update(invites).set({ revokedAt: now, revokedBy: me.id }).where(eq(invites.id, id));
    await recordAudit(tx, me, now, [
      { action: 'revoke', entity: 'invite', entityId: id, before: { role: invite.role, expires_at: invite.expiresAt.toISOString() } },
    ]);
  });
  return { message: INVITE_REVOKED };
}

/** Revokes every open invite a user created; called in the transaction that deletes that user. */
export async function revokeInvitesCreatedBy(deps: InviteBookDeps, creatorId: number, by: number): Promise<number> {
  const now = deps.now();
  const revoked = await deps.db
    .update(invites)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(invites.createdBy, creatorId), isOpen(now)))
    .returning({ id: invites.id });
  return revoked.length;
}
