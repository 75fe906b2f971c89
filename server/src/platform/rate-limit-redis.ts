import type { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limit';

/*
 * The counters of rate-limit.ts as Lua scripts, which Redis runs atomically. Times are the
 * app's clock in ms, as in the database limiter; Redis's own expiry only clears old keys.
 */

/** A fixed window in a hash {count, resetAt}. ARGV: now, windowMs. Answers the count with this event. */
const HIT = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local count = tonumber(v[1]) or 0
local resetAt = tonumber(v[2])
if resetAt == nil or resetAt <= now then
  count = 0
  resetAt = now + tonumber(ARGV[2])
end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'resetAt', resetAt)
redis.call('PEXPIRE', KEYS[1], math.max(resetAt - now, 1))
return count
`;

/** Un-counts one event while the window lasts, never below zero. */
const REFUND = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
if count ~= nil and count > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
return 0
`;

/** A bucket: the key holds the time it is full again. ARGV: now, refillMs, burst. Answers 1 when there was room. */
const TAKE = `
local now = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local full = math.max(tonumber(redis.call('GET', KEYS[1])) or now, now) + refill
if full - now > tonumber(ARGV[3]) * refill then return 0 end
redis.call('SET', KEYS[1], full, 'PX', full - now)
return 1
`;

/** Puts one event back into a bucket. ARGV: refillMs. */
const PUT_BACK = `
local full = tonumber(redis.call('GET', KEYS[1]))
if full ~= nil then redis.call('SET', KEYS[1], full - tonumber(ARGV[1]), 'KEEPTTL') end
return 0
`;

/**
 * The same counters in Redis, for deployments that set REDIS_URL. (The prefix changed with the
 * key layout, so counters an older version left behind are never misread.)
 */
export function createRedisRateLimiter(
  url: string,
  prefix = 'portal:limits:',
  now: () => Date = () => new Date(),
): RateLimiter & { close(): Promise<void> } {
  // ioredis is loaded only where REDIS_URL is set (app.ts makes this limiter only then).
  const connecting: Promise<Redis> = import('ioredis').then(({ Redis: Client }) => new Client(url, { maxRetriesPerRequest: 2 }));
  // Each call awaits it and sees a failure; this keeps it from also counting as unhandled.
  connecting.catch(() => undefined);
  return {
    async hit(key, limit) {
      const count = await (await connecting).eval(HIT, 1, prefix + key, now().getTime(), limit.windowMs);
      return typeof count === 'number' && count <= limit.max;
    },
    async take(key, bucket) {
      return (await (await connecting).eval(TAKE, 1, prefix + key, now().getTime(), bucket.refillMs, bucket.burst)) === 1;
    },
    async refund(key) {
      await (await connecting).eval(REFUND, 1, prefix + key);
    },
    async putBack(key, bucket) {
      await (await connecting).eval(PUT_BACK, 1, prefix + key, bucket.refillMs);
    },
    async reset(key) {
      await (await connecting).del(prefix + key);
    },
    async mark(key, ttlMs) {
      const until = now().getTime() + ttlMs;
      await (await connecting).set(prefix + key, until, 'PX', ttlMs);
    },
    async isMarked(key) {
      const until = Number(await (await connecting).get(prefix + key));
      return until > now().getTime();
    },
    async close() {
      const redis = await connecting.catch(() => undefined);
      await redis?.quit();
    },
  };
}
