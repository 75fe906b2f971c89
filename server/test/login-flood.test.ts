import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/open';
import { HASH_QUEUE, hashQueueLoad } from '../src/services/auth/passwords';
import { databaseKinds, openTestDatabase } from './support/databases';
import { createHarness, freshIp, type Harness } from './support/harness';

/**
 * Sign-in during an anonymous flood: wrong passwords from hundreds of addresses, each under the
 * per-address limit, fill the hashing queue. A partner signing in from an address they signed in
 * from before still gets in; strangers are the ones turned away.
 */

const PASSWORD = 'Passw0rd!';
const SIGN_IN_BUSY = 'Too many sign-in requests right now. Please try again in a moment.';
const LOGIN_SLOWED = 'Too many login attempts for this account. Please wait a minute and try again.';

describe.each(databaseKinds)('sign-in during a flood on %s', (kind) => {
  let database: Database;
  /** Two instances on one database: the known device is remembered in the shared store. */
  let one: Harness;
  let two: Harness;
  let counter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    one = await createHarness(kind, { database });
    two = await createHarness(kind, { database, clock: one.clock });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = (h: Harness, email: string, password: string, ip: string) =>
    h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

  /** Holds every password check until `release()`; records the passwords in the order their checks start. */
  function holdHashing() {
    const real = argon2.verify.bind(argon2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    vi.spyOn(argon2, 'verify').mockImplementation(async (hash, password, options) => {
      started.push(String(password));
      await gate;
      return real(hash, password, options);
    });
    return { started, release };
  }

  async function partnerWithKnownDevice(tag: string) {
    const email = `${tag}-${++counter}@flood-${kind}.test`;
    await one.createUser({ email, password: PASSWORD, role: 'LP' });
    const home = freshIp();
    // A good sign-in on one instance makes the address known to every instance.
    expect((await login(one, email, PASSWORD, home)).statusCode).toBe(200);
    return { email, home };
  }

  it('lets a partner in from a known address while strangers from 200 addresses fill the hashing queue', async () => {
    const { email, home } = await partnerWithKnownDevice('known');
    const { started, release } = holdHashing();

    // 200 wrong passwords for unknown e-mails, each from its own address: every one passes the limits.
    const flood = Array.from({ length: 200 }, (_, i) => login(two, `nobody-${i}-${++counter}@flood.test`, `Wr0ng!${i}`, freshIp()));
    const settled: LightMyRequestResponse[] = [];
    for (const f of flood) void f.then((r) => settled.push(r));
    // Once the queue is full the rest are turned away at once, before any hashing.
    const turnedAway = 200 - HASH_QUEUE.concurrency - HASH_QUEUE.maxQueued;
    await expect.poll(() => settled.length).toBe(turnedAway);
    for (const r of settled) expect(r.json()).toEqual({ error: SIGN_IN_BUSY });

    const partner = login(two, email, PASSWORD, home);
    // The same partner from an address never used before is a stranger too.
    const elsewhere = await login(one, email, PASSWORD, freshIp());
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json()).toEqual({ error: SIGN_IN_BUSY });
    await expect.poll(() => started.length).toBe(HASH_QUEUE.concurrency);
    // The partner's check waits in the queue (in a lane of its own, past the full one).
    await expect.poll(() => hashQueueLoad().waiting).toBe(HASH_QUEUE.maxQueued + 1);

    release();
    const res = await partner;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), role: 'LP' });
    // Checked as soon as a slot was free, ahead of the 32 strangers who were waiting.
    expect(started.indexOf(PASSWORD)).toBe(HASH_QUEUE.concurrency);
    const rest = await Promise.all(flood);
    expect(rest.filter((r) => r.statusCode === 401)).toHaveLength(HASH_QUEUE.concurrency + HASH_QUEUE.maxQueued);
  });

  it("lets a partner in from a known address while guesses from many addresses drain the e-mail's bucket", async () => {
    const { email, home } = await partnerWithKnownDevice('targeted');
    for (let i = 0; i < 12; i++) await login(i % 2 ? one : two, email, `Wr0ng!${i}`, freshIp());
    const stranger = await login(one, email, PASSWORD, freshIp());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ error: LOGIN_SLOWED });

    expect((await login(two, email, PASSWORD, home)).statusCode).toBe(200);
  });

  it('treats a known address that guesses wrong like any other: 10 failures and it is shut out', async () => {
    const { email, home } = await partnerWithKnownDevice('typos');
    for (let i = 0; i < 10; i++) expect((await login(one, email, `Wr0ng!${i}`, home)).statusCode).toBe(401);
    const res = await login(two, email, PASSWORD, home);
    expect(res.statusCode).toBe(429);
  });
});
