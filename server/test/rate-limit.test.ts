import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDbRateLimiter, type RateLimiter } from '../src/services/rate-limit';
import { createRedisRateLimiter } from '../src/services/rate-limit-redis';
import type { Database } from '../src/db/open';
import { databaseKinds, openTestDatabase } from './support/databases';
import { TestClock } from './support/harness';

const limit = { max: 3, windowMs: 60_000 };
const fresh = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

function behavesAsAFixedWindow(limiterOf: () => RateLimiter) {
  it('allows up to the limit, then refuses, and forgets after a reset', async () => {
    const limiter = limiterOf();
    const key = fresh('k');
    expect(await limiter.isBlocked(key, limit)).toBe(false);
    const firstThree = [await limiter.hit(key, limit), await limiter.hit(key, limit), await limiter.hit(key, limit)];
    expect(firstThree).toEqual([true, true, true]);
    expect(await limiter.isBlocked(key, limit)).toBe(true);
    expect(await limiter.hit(key, limit)).toBe(false);
    await limiter.reset(key);
    expect(await limiter.isBlocked(key, limit)).toBe(false);
    expect(await limiter.hit(key, limit)).toBe(true);
  });

  it('keeps keys apart', async () => {
    const limiter = limiterOf();
    const a = fresh('a');
    for (let i = 0; i < 3; i++) await limiter.hit(a, limit);
    expect(await limiter.hit(a, limit)).toBe(false);
    expect(await limiter.hit(fresh('b'), limit)).toBe(true);
  });
}

describe.each(databaseKinds)('database rate limiter on %s', (kind) => {
  let database: Database;
  const clock = new TestClock();
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  behavesAsAFixedWindow(() => createDbRateLimiter(database.db, clock.now));

  it('starts a new window once the old one has passed', async () => {
    const limiter = createDbRateLimiter(database.db, clock.now);
    for (let i = 0; i < 3; i++) await limiter.hit('window', limit);
    expect(await limiter.hit('window', limit)).toBe(false);
    clock.advance(61_000);
    expect(await limiter.isBlocked('window', limit)).toBe(false);
    expect(await limiter.hit('window', limit)).toBe(true);
  });
});

// Redis runs only where TEST_REDIS_URL points at a server (CI sets it when one answers).
describe.skipIf(!process.env.TEST_REDIS_URL)('Redis rate limiter', () => {
  let limiter: ReturnType<typeof createRedisRateLimiter>;
  beforeAll(() => {
    limiter = createRedisRateLimiter(process.env.TEST_REDIS_URL ?? '', `test:${randomBytes(4).toString('hex')}:`);
  });
  afterAll(() => limiter.close());

  behavesAsAFixedWindow(() => limiter);

  it('lets the window expire', async () => {
    const short = { max: 1, windowMs: 200 };
    expect(await limiter.hit('short', short)).toBe(true);
    expect(await limiter.hit('short', short)).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(await limiter.hit('short', short)).toBe(true);
  });
});
