import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** Most events allowed in one window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one event; answers whether it was within the limit. */
  hit(key: string, limit: Limit): Promise<boolean>;
  /** Whether the key has already used up its limit, without counting. */
  isBlocked(key: string, limit: Limit): Promise<boolean>;
  reset(key: string): Promise<void>;
}

/** Fixed-window counters in the database, so every instance behind a load balancer shares them. */
export function createDbRateLimiter(db: Db, now: () => Date = () => new Date()): RateLimiter {
  let hits = 0;
  return {
    async hit(key, limit) {
      const at = now();
      const resetAt = new Date(at.getTime() + limit.windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count });
      if (++hits % 500 === 0) await db.delete(rateLimits).where(lt(rateLimits.resetAt, at));
      return (row?.count ?? 0) <= limit.max;
    },
    async isBlocked(key, limit) {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      return row !== undefined && row.resetAt > now() && row.count >= limit.max;
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export const LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 50, windowMs: 15 * 60_000 },
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 20, windowMs: 60 * 60_000 },
  assistantPerUser: { max: 20, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;
