import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, invites } from '../src/db/schema';
import { sha256 } from '../src/platform/secrets';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

const PASSWORD = 'Passw0rd!';
const INVALID_INVITE = 'This invite link is invalid, expired or already used. Ask a general partner for a new one.';

interface OpenInviteBody {
  id: number;
  role: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
}

describe.each(databaseKinds)('open invites and revoking them on %s', (kind) => {
  let h: Harness;
  let gp: { id: number; token: string };
  let counter = 0;
  const uniqueEmail = (tag: string) => `${tag}-${++counter}@invites-${kind}.test`;

  beforeAll(async () => {
    h = await createHarness(kind);
    const id = await h.createUser({ email: 'gp-invites@test.dev', password: PASSWORD, role: 'GP', firstName: 'Ina', lastName: 'Viter' });
    gp = { id, token: await h.login('gp-invites@test.dev', PASSWORD) };
  });
  afterAll(() => h.close());

  async function newGp(tag: string) {
    const email = uniqueEmail(tag);
    const id = await h.createUser({ email, password: PASSWORD, role: 'GP', firstName: 'Other', lastName: 'Partner' });
    return { id, email, token: await h.login(email, PASSWORD) };
  }

  /** Makes an invite through REST and answers its code and stored id. */
  async function invite(token: string, role: 'GP' | 'LP') {
    const res = await h.inject({ method: 'POST', url: '/api/invites', headers: bearer(token), payload: { validityHours: 24, role } });
    expect(res.statusCode).toBe(201);
    const code = new URL(res.json<{ link: string }>().link).searchParams.get('invite') ?? '';
    const [row] = await h.database.db
      .select()
      .from(invites)
      .where(eq(invites.codeHash, sha256(code)));
    if (!row) throw new Error('invite not stored');
    return { code, id: row.id };
  }

  const list = async (token = gp.token) => {
    const res = await h.inject({ method: 'GET', url: '/api/invites', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<OpenInviteBody[]>();
  };
  const revoke = (id: number | string, token = gp.token) =>
    h.inject({ method: 'DELETE', url: `/api/invites/${id}`, headers: bearer(token) });
  const signup = (inviteCode: string, email = uniqueEmail('new')) =>
    h.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { firstName: 'New', lastName: 'Partner', email, password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass', inviteCode },
    });

  it('lists the open invites with role, creator and expiry, and never a code', async () => {
    const lp = await invite(gp.token, 'LP');
    const other = await newGp('lister');
    const gpInvite = await invite(other.token, 'GP');
    const body = await list();
    const mine = body.find((i) => i.id === lp.id);
    const theirs = body.find((i) => i.id === gpInvite.id);
    expect(mine).toMatchObject({ role: 'LP', created_by: 'Ina Viter (gp-invites@test.dev)' });
    expect(theirs).toMatchObject({ role: 'GP', created_by: `Other Partner (${other.email})` });
    const hours = (Date.parse(mine?.expires_at ?? '') - Date.parse(mine?.created_at ?? '')) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    expect(JSON.stringify(body)).not.toContain(lp.code);
    expect(Object.keys(mine ?? {}).sort()).toEqual(['created_at', 'created_by', 'expires_at', 'id', 'role']);
  });

  it('drops used and expired invites from the list', async () => {
    const used = await invite(gp.token, 'LP');
    expect((await signup(used.code)).statusCode).toBe(201);
    const expiring = await invite(gp.token, 'LP');
    expect((await list()).map((i) => i.id)).toContain(expiring.id);
    h.clock.advance(25 * 3_600_000);
    const ids = (await list()).map((i) => i.id);
    expect(ids).not.toContain(used.id);
    expect(ids).not.toContain(expiring.id);
  });

  it('revokes an invite: its link no longer signs anyone up, and the audit log says who did it', async () => {
    const other = await newGp('revoker');
    const target = await invite(gp.token, 'LP');
    const res = await revoke(target.id, other.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invite revoked.' });
    expect((await list()).map((i) => i.id)).not.toContain(target.id);

    const refused = await signup(target.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: INVALID_INVITE });

    const [row] = await h.database.db.select().from(invites).where(eq(invites.id, target.id));
    expect(row?.revokedBy).toBe(other.id);
    expect(row?.usedAt).toBeNull();
    const audit = await h.database.db.select().from(auditEvents).where(eq(auditEvents.entity, 'invite'));
    expect(audit.find((a) => a.entityId === String(target.id))).toMatchObject({ action: 'revoke', actorId: other.id });

    // The audit log shows it to general partners, and not to limited partners.
    const lpEmail = uniqueEmail('lp-audit');
    await h.createUser({ email: lpEmail, password: PASSWORD, role: 'LP' });
    const lpToken = await h.login(lpEmail, PASSWORD);
    const auditOf = (token: string) => h.inject({ method: 'GET', url: '/api/audit-events?entity=invite', headers: bearer(token) });
    expect((await auditOf(gp.token)).json<{ events: { entity_id: string }[] }>().events.map((e) => e.entity_id)).toContain(
      String(target.id),
    );
    expect((await auditOf(lpToken)).json<{ events: unknown[] }>().events).toEqual([]);

    // Revoking it again answers the same and changes nothing.
    expect((await revoke(target.id)).statusCode).toBe(200);
    const [again] = await h.database.db.select().from(invites).where(eq(invites.id, target.id));
    expect(again?.revokedBy).toBe(other.id);
  });

  it('refuses to revoke a used invite (409) or one that does not exist (404)', async () => {
    const used = await invite(gp.token, 'GP');
    expect((await signup(used.code)).statusCode).toBe(201);
    const res = await revoke(used.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This invite has already been used, so it cannot be revoked.' });

    const missing = await revoke(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Invite not found.' });
  });

  it('is for GPs only: an LP gets 403 and the invite stays open', async () => {
    const target = await invite(gp.token, 'LP');
    const lpEmail = uniqueEmail('lp');
    await h.createUser({ email: lpEmail, password: PASSWORD, role: 'LP' });
    const lpToken = await h.login(lpEmail, PASSWORD);
    expect((await h.inject({ method: 'GET', url: '/api/invites', headers: bearer(lpToken) })).statusCode).toBe(403);
    expect((await revoke(target.id, lpToken)).statusCode).toBe(403);
    expect((await list()).map((i) => i.id)).toContain(target.id);
  });

  it("revokes a deleted GP's open invites with the account, and leaves the others open", async () => {
    const leaving = await newGp('leaving');
    const theirs = await invite(leaving.token, 'LP');
    const ours = await invite(gp.token, 'LP');
    const del = await h.inject({ method: 'DELETE', url: `/api/users/userinfo/${leaving.id}`, headers: bearer(gp.token) });
    expect(del.statusCode).toBe(200);

    const refused = await signup(theirs.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: INVALID_INVITE });
    const [row] = await h.database.db.select().from(invites).where(eq(invites.id, theirs.id));
    expect(row?.revokedBy).toBe(gp.id);
    expect((await list()).map((i) => i.id)).toContain(ours.id);
    expect((await signup(ours.code)).statusCode).toBe(201);
  });

  it('serves the same through tRPC', async () => {
    const target = await invite(gp.token, 'GP');
    const caller = h.caller(gp.token);
    expect((await caller.admin.invites.list()).map((i) => i.id)).toContain(target.id);
    expect(await caller.admin.invites.revoke({ id: target.id })).toEqual({ message: 'Invite revoked.' });
    expect((await caller.admin.invites.list()).map((i) => i.id)).not.toContain(target.id);
  });
});
