import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDbRateLimiter, type RateLimiter } from '../src/platform/rate-limit';
import { createRedisRateLimiter } from '../src/platform/rate-limit-redis';
import type { Database } from '../src/db/open';
import { databaseKinds, openTestDatabase } from './support/databases';
import { TestClock } from './support/harness';

const limit = { max: 3, windowMs: 60_000 };
const fresh = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

/** The limiters read `clock.now`, which the tests move. */
function behavesAsAFixedWindow(limiterOf: () => RateLimiter, clock: TestClock) {
  it('allows up to the limit, then refuses, and forgets after a reset', async () => {
    const limiter = limiterOf();
    const key = fresh('k');
    const firstThree = [await limiter.hit(key, limit), await limiter.hit(key, limit), await limiter.hit(key, limit)];
    expect(firstThree).toEqual([true, true, true]);
    expect(await limiter.hit(key, limit)).toBe(false);
    await limiter.reset(key);
    expect(await limiter.hit(key, limit)).toBe(true);
  });

  it('keeps keys apart', async () => {
    const limiter = limiterOf();
    const a = fresh('a');
    for (let i = 0; i < 3; i++) await limiter.hit(a, limit);
    expect(await limiter.hit(a, limit)).toBe(false);
    expect(await limiter.hit(fresh('b'), limit)).toBe(true);
  });

  it('counts first: of 100 simultaneous hits exactly the limit pass', async () => {
    const limiter = limiterOf();
    const key = fresh('burst');
    const answers = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(key, limit)));
    expect(answers.filter(Boolean)).toHaveLength(3);
  });

  it('starts a new window once the old one has passed', async () => {
    const limiter = limiterOf();
    const key = fresh('window');
    for (let i = 0; i < 3; i++) await limiter.hit(key, limit);
    clock.advance(59_000);
    expect(await limiter.hit(key, limit)).toBe(false);
    clock.advance(2_000);
    for (let i = 0; i < 3; i++) expect(await limiter.hit(key, limit)).toBe(true);
    expect(await limiter.hit(key, limit)).toBe(false);
  });

  it('remembers a mark until it expires, apart from other keys', async () => {
    const limiter = limiterOf();
    const key = fresh('mark');
    expect(await limiter.isMarked(key)).toBe(false);
    await limiter.mark(key, 60_000);
    expect(await limiter.isMarked(key)).toBe(true);
    expect(await limiter.isMarked(fresh('other'))).toBe(false);
    clock.advance(61_000);
    expect(await limiter.isMarked(key)).toBe(false);
  });

  it('gives back a refunded event, but never below zero', async () => {
    const limiter = limiterOf();
    const key = fresh('refund');
    await limiter.refund(key);
    for (let i = 0; i < 3; i++) expect(await limiter.hit(key, limit)).toBe(true);
    await limiter.refund(key);
    expect(await limiter.hit(key, limit)).toBe(true);
    expect(await limiter.hit(key, limit)).toBe(false);
  });
}

const bucket = { burst: 3, refillMs: 60_000 };

function behavesAsABucket(limiterOf: () => RateLimiter, clock: TestClock) {
  it('lets a burst through, then one more each refill period', async () => {
    const limiter = limiterOf();
    const key = fresh('bucket');
    for (let i = 0; i < 3; i++) expect(await limiter.take(key, bucket)).toBe(true);
    expect(await limiter.take(key, bucket)).toBe(false);

    clock.advance(30_000);
    expect(await limiter.take(key, bucket)).toBe(false);
    clock.advance(30_000);
    expect(await limiter.take(key, bucket)).toBe(true);
    expect(await limiter.take(key, bucket)).toBe(false);

    // Refused events took nothing: after one more period there is room again.
    clock.advance(60_000);
    expect(await limiter.take(key, bucket)).toBe(true);
    expect(await limiter.take(key, bucket)).toBe(false);

    // Left alone long enough, it is full again.
    clock.advance(10 * 60_000);
    for (let i = 0; i < 3; i++) expect(await limiter.take(key, bucket)).toBe(true);
    expect(await limiter.take(key, bucket)).toBe(false);
  });

  it('takes back an event put back', async () => {
    const limiter = limiterOf();
    const key = fresh('put-back');
    for (let i = 0; i < 3; i++) expect(await limiter.take(key, bucket)).toBe(true);
    await limiter.putBack(key, bucket);
    expect(await limiter.take(key, bucket)).toBe(true);
    expect(await limiter.take(key, bucket)).toBe(false);
  });

  it('of 100 simultaneous takes, exactly the burst pass', async () => {
    const limiter = limiterOf();
    const key = fresh('bucket-burst');
    const answers = await Promise.all(Array.from({ length: 100 }, () => limiter.take(key, bucket)));
    expect(answers.filter(Boolean)).toHaveLength(3);
  });
}

describe.each(databaseKinds)('database rate limiter on %s', (kind) => {
  let database: Database;
  const clock = new TestClock();
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  behavesAsAFixedWindow(() => createDbRateLimiter(database.db, clock.now), clock);
  behavesAsABucket(() => createDbRateLimiter(database.db, clock.now), clock);
});

// Redis runs only where TEST_REDIS_URL points at a server (CI sets it when one answers).
describe.skipIf(!process.env.TEST_REDIS_URL)('Redis rate limiter', () => {
  let limiter: ReturnType<typeof createRedisRateLimiter>;
  const clock = new TestClock();
  beforeAll(() => {
    limiter = createRedisRateLimiter(process.env.TEST_REDIS_URL ?? '', `test:${randomBytes(4).toString('hex')}:`, clock.now);
  });
  afterAll(() => limiter.close());

  behavesAsAFixedWindow(() => limiter, clock);
  behavesAsABucket(() => limiter, clock);
});
