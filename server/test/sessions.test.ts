import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { sessions, users } from '../src/db/schema';
import { createSessionStore } from '../src/services/auth/sessions';
import { createTokenService } from '../src/services/auth/tokens';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, TEST_JWT_SECRET, type Harness } from './support/harness';

/**
 * A signed-in request's session check is kept per instance (no query per request) and forgotten
 * the moment the user's row changes: by this instance, another instance, or SQL of an operator.
 */
describe.each(databaseKinds)('session checks on %s', (kind) => {
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    a = await createHarness(kind);
    // A second instance on the same database, as behind a load balancer.
    b = await createHarness(kind, { database: a.database, clock: a.clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const profile = (h: Harness, token: string) => h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(token) });
  const changePassword = (h: Harness, token: string) =>
    h.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'Passw0rd!', newPassword: 'N3w-Passw0rd!' },
    });
  const userInfo = (h: Harness, token: string) => h.inject({ method: 'GET', url: '/api/users/userinfo', headers: bearer(token) });

  it('reads the user row once, then answers from what it keeps', async () => {
    await a.createUser({ email: 'kept@test.dev', role: 'LP' });
    const token = await a.login('kept@test.dev', 'Passw0rd!');
    // Listening has started once a first check has been kept.
    await expect.poll(async () => (await profile(b, token)).statusCode, { timeout: 15_000 }).toBe(200);
    const select = vi.spyOn(a.database.db, 'select');
    try {
      for (let i = 0; i < 5; i++)
        expect((await b.inject({ method: 'GET', url: '/api/ping', headers: bearer(token) })).statusCode).toBe(200);
      const store = b.deps.sessions;
      const [id] = await a.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'kept@test.dev'));
      select.mockClear();
      for (let i = 0; i < 5; i++) expect(await store.userOf(id!.id)).toMatchObject({ email: 'kept@test.dev', role: 'LP' });
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it('ends the old session on every instance when the password changes', async () => {
    await a.createUser({ email: 'mover@test.dev', role: 'GP' });
    const old = await a.login('mover@test.dev', 'Passw0rd!');
    expect((await profile(a, old)).statusCode).toBe(200);
    expect((await profile(b, old)).statusCode).toBe(200);
    const changed = await changePassword(a, old);
    expect(changed.statusCode, changed.body).toBe(200);
    // The instance that changed it refuses the old token at once.
    const here = await profile(a, old);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
    // The other hears it from the database.
    await expect.poll(async () => (await profile(b, old)).statusCode, { timeout: 15_000 }).toBe(401);
  });

  it("follows an operator's SQL: a role taken away, a user deleted", async () => {
    await a.createUser({ email: 'demoted@test.dev', role: 'GP' });
    const token = await a.login('demoted@test.dev', 'Passw0rd!');
    expect((await userInfo(b, token)).statusCode).toBe(200);
    await a.database.db.update(users).set({ role: 'LP' }).where(eq(users.email, 'demoted@test.dev'));
    await expect.poll(async () => (await userInfo(b, token)).statusCode, { timeout: 15_000 }).toBe(403);
    await a.database.db.delete(users).where(eq(users.email, 'demoted@test.dev'));
    await expect.poll(async () => (await profile(b, token)).statusCode, { timeout: 15_000 }).toBe(401);
    expect((await profile(a, token)).statusCode).toBe(401);
  });

  const logout = (h: Harness, token: string) => h.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
  const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
  const sessionRow = async (sid: string) => (await a.database.db.select().from(sessions).where(eq(sessions.id, sid)))[0];

  /** Waits until `h` answers the session's checks from what it keeps (it listens, and has read the row). */
  async function keptBy(h: Harness, token: string) {
    const select = vi.spyOn(a.database.db, 'select');
    try {
      await expect
        .poll(
          async () => {
            expect((await profile(h, token)).statusCode).toBe(200);
            select.mockClear();
            await h.deps.sessions.sessionOf(sidOf(token));
            return select.mock.calls.length;
          },
          { timeout: 15_000 },
        )
        .toBe(0);
    } finally {
      select.mockRestore();
    }
  }

  it('keeps a session row for each sign-in, and its token carries its id', async () => {
    await a.createUser({ email: 'rows@test.dev', role: 'LP' });
    const res = await a.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'rows@test.dev', password: 'Passw0rd!' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ token: string }>().token;
    const row = await sessionRow(sidOf(token));
    expect(row).toMatchObject({
      method: 'local',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      endedAt: null,
    });
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 12 * 3600 * 1000);
    // A second sign-in is a second session.
    const other = await a.login('rows@test.dev', 'Passw0rd!');
    expect(sidOf(other)).not.toBe(sidOf(token));
  });

  it('ends a logged-out session at once on every instance, and only that session', async () => {
    await a.createUser({ email: 'leaver@test.dev', role: 'GP' });
    const token = await a.login('leaver@test.dev', 'Passw0rd!');
    const otherDevice = await a.login('leaver@test.dev', 'Passw0rd!');
    // Both instances have checked the token and keep its session: no query would see the change.
    await keptBy(a, token);
    await keptBy(b, token);

    const out = await logout(a, token);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been logged out.' });
    // At once, with no waiting, on the other instance as on this one.
    const there = await profile(b, token);
    expect(there.statusCode).toBe(401);
    expect(there.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
    expect((await profile(a, token)).statusCode).toBe(401);
    expect((await userInfo(b, token)).statusCode).toBe(401);
    expect((await sessionRow(sidOf(token)))?.endedAt).not.toBeNull();
    // Logging out again with the ended token is a 401 like any other call.
    expect((await logout(b, token)).statusCode).toBe(401);

    // The same user's other session goes on.
    expect((await profile(b, otherDevice)).statusCode).toBe(200);
    expect((await profile(a, otherDevice)).statusCode).toBe(200);
  });

  it('logs out through tRPC too, on either instance', async () => {
    await a.createUser({ email: 'trpc-leaver@test.dev', role: 'LP' });
    const token = await a.login('trpc-leaver@test.dev', 'Passw0rd!');
    await keptBy(a, token);
    await keptBy(b, token);
    const out = await b.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ result: { data: { message: 'You have been logged out.' } } });
    expect((await profile(a, token)).statusCode).toBe(401);
    expect((await b.inject({ method: 'GET', url: '/trpc/auth.profile.details', headers: bearer(token) })).statusCode).toBe(401);
  });

  it("follows an operator's SQL that ends a session", async () => {
    await a.createUser({ email: 'ended-by-sql@test.dev', role: 'LP' });
    const token = await a.login('ended-by-sql@test.dev', 'Passw0rd!');
    await keptBy(b, token);
    await a.database.db
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(eq(sessions.id, sidOf(token)));
    await expect.poll(async () => (await profile(b, token)).statusCode, { timeout: 15_000 }).toBe(401);
  });

  it('notes when a session was last seen at most once a minute', async () => {
    await a.createUser({ email: 'seen@test.dev', role: 'LP' });
    const token = await a.login('seen@test.dev', 'Passw0rd!');
    const sid = sidOf(token);
    const signedInAt = (await sessionRow(sid))?.lastSeenAt;
    const update = vi.spyOn(a.database.db, 'update');
    try {
      a.clock.advance(30_000);
      for (let i = 0; i < 3; i++) expect((await profile(b, token)).statusCode).toBe(200);
      expect(update).not.toHaveBeenCalled();
      expect((await sessionRow(sid))?.lastSeenAt).toEqual(signedInAt);

      a.clock.advance(31_000);
      const seenFrom = await a.inject({
        method: 'GET',
        url: '/api/users/profile/details',
        headers: bearer(token),
        remoteAddress: '198.51.100.7',
      });
      expect(seenFrom.statusCode).toBe(200);
      expect(update).toHaveBeenCalledTimes(1);
      const row = await sessionRow(sid);
      expect(row?.lastSeenAt.getTime()).toBeGreaterThanOrEqual((signedInAt?.getTime() ?? 0) + 61_000);
      expect(row?.ip).toBe('198.51.100.7');
      for (let i = 0; i < 3; i++) expect((await profile(a, token)).statusCode).toBe(200);
      expect(update).toHaveBeenCalledTimes(1);
    } finally {
      update.mockRestore();
    }
  });

  it('a password change keeps the session that made it and ends the others; a reset ends them all', async () => {
    await a.createUser({ email: 'changer@test.dev', role: 'LP' });
    const here = await a.login('changer@test.dev', 'Passw0rd!');
    const elsewhere = await a.login('changer@test.dev', 'Passw0rd!');
    const changed = await changePassword(a, here);
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = changed.json<{ token: string }>().token;
    expect(sidOf(renewed)).toBe(sidOf(here));
    expect((await profile(b, renewed)).statusCode).toBe(200);
    expect((await sessionRow(sidOf(here)))?.endedAt).toBeNull();
    expect((await sessionRow(sidOf(elsewhere)))?.endedAt).not.toBeNull();

    await a.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email: 'changer@test.dev' } });
    const link = a.mails.at(-1)?.text ?? '';
    const token = new URL(/https?:\/\/\S+password_reset\?token=\S+/.exec(link)?.[0] ?? 'http://x').searchParams.get('token');
    const reset = await a.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, newPassword: 'R3set-Pw0rd!' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await sessionRow(sidOf(here)))?.endedAt).not.toBeNull();
    expect((await profile(b, renewed)).statusCode).toBe(401);
  });

  it('refuses a token that names no session (as tokens made before sessions did)', async () => {
    const id = await a.createUser({ email: 'sessionless@test.dev', role: 'GP' });
    const noSid = await new SignJWT({ role: 'GP', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await profile(a, noSid)).statusCode).toBe(401);
    // Another user's session does not do either.
    const someoneElse = await a.login('rows@test.dev', 'Passw0rd!');
    const borrowed = await a.deps.tokens.sign({ userId: id, role: 'GP', tokenVersion: 0, sessionId: sidOf(someoneElse) });
    expect((await profile(a, borrowed)).statusCode).toBe(401);
  });

  it('keeps nothing while it cannot listen: every check reads the row', async () => {
    const store = createSessionStore({ db: a.database.db, now: a.clock.now });
    try {
      const id = await a.createUser({ email: 'unheard@test.dev', role: 'LP' });
      expect(await store.userOf(id)).toMatchObject({ role: 'LP' });
      await a.database.db.update(users).set({ role: 'GP' }).where(eq(users.id, id));
      expect(await store.userOf(id)).toMatchObject({ role: 'GP' });
    } finally {
      await store.close();
    }
  });
});

const SID = '3f2c8a9e-1b4d-4e6f-8a7b-9c0d1e2f3a4b';

describe('verified tokens', () => {
  it('checks a signature once, and still ends a token at its expiry', async () => {
    let now = new Date('2026-11-23T12:00:00Z');
    const tokens = createTokenService(TEST_JWT_SECRET, 60, () => now);
    const token = await tokens.sign({ userId: 7, role: 'LP', tokenVersion: 2, sessionId: SID });
    expect(await tokens.verify(token)).toEqual({ userId: 7, role: 'LP', tokenVersion: 2, sessionId: SID });
    expect(await tokens.verify(token)).toEqual({ userId: 7, role: 'LP', tokenVersion: 2, sessionId: SID });
    now = new Date('2026-11-23T12:01:00Z');
    expect(await tokens.verify(token)).toBeNull();
    // A token signed with another key, or altered, is refused and never kept.
    const forged = await createTokenService('another-secret-that-is-at-least-32-bytes', 60, () => now).sign({
      userId: 7,
      role: 'GP',
      tokenVersion: 2,
      sessionId: SID,
    });
    expect(await tokens.verify(forged)).toBeNull();
    const fresh = await tokens.sign({ userId: 7, role: 'LP', tokenVersion: 2, sessionId: SID });
    expect(await tokens.verify(`${fresh.slice(0, -2)}xx`)).toBeNull();
  });
});

describe('token spelling', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** The spellings of a segment's last character that decode to the same bytes (its unused low bits set every way). */
  function spellingsOf(segment: string): string[] {
    const unusedBits = [0, 0, 4, 2][segment.length % 4] ?? 0;
    const index = ALPHABET.indexOf(segment.at(-1) ?? '');
    const base = index & ~((1 << unusedBits) - 1);
    return Array.from({ length: 1 << unusedBits }, (_, i) => `${segment.slice(0, -1)}${ALPHABET[base + i]}`);
  }

  it("accepts only the one spelling of each segment's last character that was signed", async () => {
    const tokens = createTokenService(TEST_JWT_SECRET);
    const token = await tokens.sign({ userId: 7, role: 'LP', tokenVersion: 2, sessionId: SID });
    const segments = token.split('.');
    const signature = segments[2] ?? '';
    // A 32-byte HMAC is 43 characters: 2 unused bits, four spellings, all the same bytes.
    expect(spellingsOf(signature)).toHaveLength(4);
    let others = 0;
    for (const [i, segment] of segments.entries()) {
      for (const spelling of spellingsOf(segment)) {
        const variant = segments.map((s, j) => (j === i ? spelling : s)).join('.');
        expect(Buffer.from(spelling, 'base64url')).toEqual(Buffer.from(segment, 'base64url'));
        if (variant === token) expect(await tokens.verify(variant)).toMatchObject({ userId: 7 });
        else {
          others++;
          expect(await tokens.verify(variant), `segment ${i} spelled ${spelling}`).toBeNull();
        }
      }
    }
    expect(others).toBeGreaterThanOrEqual(3);
    // Padding is another spelling too.
    expect(await tokens.verify(`${token}=`)).toBeNull();
  });
});
