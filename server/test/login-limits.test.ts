import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/open';
import { createRedisRateLimiter } from '../src/platform/rate-limit-redis';
import { databaseKinds, openTestDatabase } from './support/databases';
import { TestClock, createHarness, freshIp, type Harness } from './support/harness';

/**
 * Sign-in limits under load: every attempt is counted before
 * argon2 runs, in the store every instance shares, so parallel guesses cannot slip past.
 * 401 means the password was checked (wrong); 429 means it was refused before any hashing.
 */

const INVALID_LOGIN = 'Invalid email or password.';
const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait 15 minutes and try again.';
const LOGIN_SLOWED = 'Too many login attempts for this account. Please wait a minute and try again.';
const TOO_MANY_SIGNUPS = 'Too many sign-up attempts. Please try again later.';
const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';
const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
const INVALID_INVITE = 'This invite link is invalid, expired or already used. Ask a general partner for a new one.';
const PASSWORD = 'Passw0rd!';
const MINUTE = 60_000;

/** Where the counters live: the database always; a shared Redis too when TEST_REDIS_URL is set. */
const stores = process.env.TEST_REDIS_URL ? (['database', 'redis'] as const) : (['database'] as const);
const cases = databaseKinds.flatMap((kind) => stores.map((store) => [kind, store] as const));

const statusCounts = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe.each(cases)('login limits on %s, counters in the %s', (kind, store) => {
  let database: Database;
  /** Two instances of the server on one database (and one Redis), as behind a load balancer. */
  let one: Harness;
  let two: Harness;
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  const uniqueEmail = (tag: string) => `${tag}-${++counter}-${run}@limits-${kind}.test`;
  const redisLimiters: ReturnType<typeof createRedisRateLimiter>[] = [];
  /** One clock for both instances, which the tests move. */
  const clock = new TestClock();
  const advance = (ms: number) => clock.advance(ms);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    /** Each instance with its own connection to the shared store. */
    const instance = () => {
      if (store === 'database') return createHarness(kind, { database, clock });
      const limiter = createRedisRateLimiter(process.env.TEST_REDIS_URL ?? '', `test:${run}:`, clock.now);
      redisLimiters.push(limiter);
      return createHarness(kind, { database, clock, limiter });
    };
    one = await instance();
    two = await instance();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await Promise.all(redisLimiters.map((l) => l.close()));
    await database.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = (h: Harness, email: string, password: string, ip: string) =>
    h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

  it('lets at most 10 of 300 simultaneous guesses from one address reach argon2, across two instances', async () => {
    const email = uniqueEmail('parallel');
    await one.createUser({ email, password: PASSWORD, role: 'GP' });
    const verify = vi.spyOn(argon2, 'verify');
    const ip = freshIp();

    // 299 wrong passwords and the right one last, half to each instance, all at once.
    const attempts = Array.from({ length: 300 }, (_, i) => login(i % 2 === 0 ? one : two, email, i === 299 ? PASSWORD : `Wr0ng!${i}`, ip));
    const responses = await Promise.all(attempts);

    // At most 10 wrong passwords checked; the right one got through only if it was among the first.
    const counts = statusCounts(responses);
    const checked = (counts[401] ?? 0) + (counts[200] ?? 0);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    expect(counts[429]).toBe(300 - checked);
    for (const r of responses) {
      if (r.statusCode === 429) expect(r.json()).toEqual({ error: TOO_MANY_LOGINS });
      if (r.statusCode === 401) expect(r.json()).toEqual({ error: INVALID_LOGIN });
    }
    expect(verify).toHaveBeenCalledTimes(checked);
  });

  it('lets at most 10 of 300 simultaneous guesses for one e-mail from 300 addresses reach argon2', async () => {
    const email = uniqueEmail('spread');
    await one.createUser({ email, password: PASSWORD, role: 'LP' });
    const verify = vi.spyOn(argon2, 'verify');

    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => login(i % 2 === 0 ? one : two, email, `Wr0ng!${i}`, freshIp())),
    );

    const counts = statusCounts(responses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[429]).toBe(300 - (counts[401] ?? 0));
    for (const r of responses) if (r.statusCode === 429) expect(r.json()).toEqual({ error: LOGIN_SLOWED });
    expect(verify).toHaveBeenCalledTimes(counts[401] ?? 0);
  });

  it('refuses a tRPC batch of 100 logins before running any of them', async () => {
    const email = uniqueEmail('batch');
    await one.createUser({ email, password: PASSWORD, role: 'LP' });
    const verify = vi.spyOn(argon2, 'verify');
    const ip = freshIp();
    const inputs = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [i, { email, password: `Wr0ng!${i}` }]));

    const res = await one.app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: 100 }, () => 'auth.login').join(',')}?batch=1`,
      payload: inputs,
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(verify).not.toHaveBeenCalled();
    // Nothing was counted: the owner signs in from that address at once.
    expect((await login(one, email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts each login of an allowed tRPC batch: 10 at once, then the next is refused', async () => {
    const email = uniqueEmail('batch-ten');
    await one.createUser({ email, password: PASSWORD, role: 'LP' });
    const ip = freshIp();
    const inputs = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { email, password: `Wr0ng!${i}` }]));

    const res = await two.app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: 10 }, () => 'auth.login').join(',')}?batch=1`,
      payload: inputs,
      remoteAddress: ip,
    });
    const results = res.json<{ error?: { message: string; data: { httpStatus: number } } }[]>();
    expect(
      results.map((r) => r.error?.data.httpStatus),
      JSON.stringify(results.map((r) => r.error?.message)),
    ).toEqual(Array.from({ length: 10 }, () => 401));

    const refused = await login(one, email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_LOGINS });
  });

  it('answers 429 within 30 anonymous hashing requests from one address, on every path that hashes', async () => {
    const ip = freshIp();
    const within30 = async (send: (i: number) => Promise<LightMyRequestResponse>, message: string) => {
      for (let i = 0; i < 30; i++) {
        const res = await send(i);
        if (res.statusCode === 429) {
          expect(res.json()).toEqual({ error: message });
          return i + 1;
        }
      }
      return Infinity;
    };
    const loginAt = await within30((i) => login(one, uniqueEmail(`spray-${i}`), PASSWORD, ip), TOO_MANY_LOGINS);
    const signupAt = await within30(
      () =>
        one.app.inject({
          method: 'POST',
          url: '/api/users/signup',
          remoteAddress: ip,
          payload: {
            firstName: 'Ann',
            lastName: 'Lee',
            email: uniqueEmail('signup'),
            password: PASSWORD,
            confirmPassword: PASSWORD,
            inviteCode: `bogus-${randomBytes(8).toString('hex')}`,
          },
        }),
      TOO_MANY_SIGNUPS,
    );
    const resetAt = await within30(
      () =>
        two.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          remoteAddress: ip,
          payload: { token: `bogus-${randomBytes(8).toString('hex')}`, newPassword: PASSWORD },
        }),
      TOO_MANY_RESETS,
    );
    expect({ loginAt, signupAt, resetAt }).toEqual({ loginAt: 21, signupAt: 21, resetAt: 21 });
  });

  it('does not hash for a bogus reset token or invite', async () => {
    const hash = vi.spyOn(argon2, 'hash');
    const reset = await one.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'not-a-real-reset-token', newPassword: PASSWORD },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ error: RESET_INVALID });

    const signup = await one.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: uniqueEmail('bogus-invite'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        inviteCode: 'not-a-real-invite-code',
      },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual({ error: INVALID_INVITE });
    expect(hash).not.toHaveBeenCalled();
  });

  describe('per e-mail, per address', () => {
    it('lets the owner in a minute after 10 wrong passwords from other addresses, instead of locking them out', async () => {
      const email = uniqueEmail('owner');
      await one.createUser({ email, password: PASSWORD, role: 'GP' });
      for (let i = 0; i < 10; i++) expect((await login(i % 2 ? one : two, email, `Wr0ng!${i}`, freshIp())).statusCode).toBe(401);

      const owner = freshIp();
      const slowed = await login(one, email, PASSWORD, owner);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toEqual({ error: LOGIN_SLOWED });

      advance(MINUTE + 1000);
      const res = await login(two, email, PASSWORD, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.any(String), role: 'GP' });
    });

    it('slows guesses from many addresses to one a minute', async () => {
      const email = uniqueEmail('slowed');
      await one.createUser({ email, password: PASSWORD, role: 'LP' });
      for (let i = 0; i < 10; i++) expect((await login(one, email, `Wr0ng!${i}`, freshIp())).statusCode).toBe(401);
      expect((await login(one, email, 'Wr0ng!x', freshIp())).statusCode).toBe(429);

      for (let minute = 0; minute < 3; minute++) {
        advance(MINUTE);
        expect((await login(two, email, `Wr0ng!m${minute}`, freshIp())).statusCode).toBe(401);
        expect((await login(one, email, `Wr0ng!n${minute}`, freshIp())).statusCode).toBe(429);
      }
    });

    it('shuts one address out of one e-mail for 15 minutes after 10 failures; other addresses still get in', async () => {
      const email = uniqueEmail('pair');
      await one.createUser({ email, password: PASSWORD, role: 'LP' });
      const guesser = freshIp();
      for (let i = 0; i < 10; i++) expect((await login(one, email, `Wr0ng!${i}`, guesser)).statusCode).toBe(401);

      // Long enough for the e-mail's bucket to refill, not for the address's window to end.
      advance(11 * MINUTE);
      const blocked = await login(two, email, PASSWORD, guesser);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: TOO_MANY_LOGINS });
      expect((await login(one, email, PASSWORD, freshIp())).statusCode).toBe(200);

      advance(5 * MINUTE);
      expect((await login(two, email, PASSWORD, guesser)).statusCode).toBe(200);
    });

    it('does not count good logins against the address', async () => {
      const ip = freshIp();
      const emails = Array.from({ length: 3 }, () => uniqueEmail('office'));
      for (const email of emails) await one.createUser({ email, password: PASSWORD, role: 'LP' });
      // An office behind one address: many good sign-ins, a few typos.
      for (let round = 0; round < 10; round++) {
        for (const email of emails) expect((await login(round % 2 ? one : two, email, PASSWORD, ip)).statusCode).toBe(200);
      }
      for (let i = 0; i < 19; i++) expect((await login(one, uniqueEmail('typo'), PASSWORD, ip)).statusCode).toBe(401);
      expect((await login(one, emails[0] ?? '', PASSWORD, ip)).statusCode).toBe(200);
    });
  });
});
