import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { createSessionStore } from '../src/services/sessions';
import { createTokenService } from '../src/services/tokens';
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
    const changed = await a.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(old),
      payload: { currentPassword: 'Passw0rd!', newPassword: 'N3w-Passw0rd!' },
    });
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

describe('verified tokens', () => {
  it('checks a signature once, and still ends a token at its expiry', async () => {
    let now = new Date('2026-11-23T12:00:00Z');
    const tokens = createTokenService(TEST_JWT_SECRET, 60, () => now);
    const token = await tokens.sign({ userId: 7, role: 'LP', tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, role: 'LP', tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, role: 'LP', tokenVersion: 2 });
    now = new Date('2026-11-23T12:01:00Z');
    expect(await tokens.verify(token)).toBeNull();
    // A token signed with another key, or altered, is refused and never kept.
    const forged = await createTokenService('another-secret-that-is-at-least-32-bytes', 60, () => now).sign({
      userId: 7,
      role: 'GP',
      tokenVersion: 2,
    });
    expect(await tokens.verify(forged)).toBeNull();
    const fresh = await tokens.sign({ userId: 7, role: 'LP', tokenVersion: 2 });
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
    const token = await tokens.sign({ userId: 7, role: 'LP', tokenVersion: 2 });
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
