import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limit';

/** The same fixed-window counters in Redis, for deployments that set REDIS_URL. */
export function createRedisRateLimiter(url: string, prefix = 'portal:rl:'): RateLimiter & { close(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  return {
    async hit(key, limit) {
      const k = prefix + key;
      // The window starts with the first event: the expiry is set only when the key is new.
      const results = await redis.multi().incr(k).pexpire(k, limit.windowMs, 'NX').exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      return count <= limit.max;
    },
    async isBlocked(key, limit) {
      const value = await redis.get(prefix + key);
      return value !== null && Number(value) >= limit.max;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
