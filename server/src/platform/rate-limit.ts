import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { rateLimits } from '../db/schema';

/** A fixed window: at most `max` events per key in one window, which starts with its first event. */
export interface Limit {
  /** Most events allowed in one window. */
  max: number;
  windowMs: number;
}

/**
 * A slowly refilling bucket: `burst` events at once, then one more every `refillMs`. It slows a
 * key down rather than shutting it for a whole window (a generic cell rate algorithm: one stored
 * time, the moment the bucket will be full again).
 */
export interface Bucket {
  burst: number;
  refillMs: number;
}

/**
 * Counters shared by every instance. Each call counts first, in one atomic step in the store
 * that holds the counter, and only then answers: simultaneous calls can never all pass.
 */
export interface RateLimiter {
  /** Counts one event against a fixed window; answers whether it was within the limit. */
  hit(key: string, limit: Limit): Promise<boolean>;
  /** Takes one event from a bucket; answers whether there was room. A refused event takes nothing. */
  take(key: string, bucket: Bucket): Promise<boolean>;
  /** Un-counts one event of a fixed window (one that turned out not to matter, e.g. a good login). */
  refund(key: string): Promise<void>;
  /** Puts back one event taken from a bucket, as if it had not happened. */
  putBack(key: string, bucket: Bucket): Promise<void>;
  reset(key: string): Promise<void>;
  /** Remembers a fact (a good sign-in from this address) for `ttlMs`. */
  mark(key: string, ttlMs: number): Promise<void>;
  /** Whether a mark is there and has not expired. */
  isMarked(key: string): Promise<boolean>;
}

/** Who is asking: the request's client address, which the per-address limits count. */
export interface Caller {
  ip: string;
}

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const ms = (n: number) => sql`(${n}::float8 * interval '1 millisecond')`;

/** Counters in the database's `rate_limits` table, so every instance behind a load balancer shares them. */
export function createDbRateLimiter(db: Db, now: () => Date = () => new Date()): RateLimiter {
  let writes = 0;
  /** Now and then, drop rows whose window has passed (or whose bucket is full again). */
  async function sweep(at: Date): Promise<void> {
    if (++writes % 500 === 0) await db.delete(rateLimits).where(lt(rateLimits.resetAt, at));
  }
  return {
    async hit(key, limit) {
      const at = now();
      // One statement: PostgreSQL's upsert makes concurrent hits on a key queue on its row.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(at.getTime() + limit.windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${ts(at)} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${ts(at)} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count });
      await sweep(at);
      return (row?.count ?? Number.POSITIVE_INFINITY) <= limit.max;
    },
    async take(key, bucket) {
      const at = now();
      // reset_at holds the time the bucket is full again; each event pushes it refillMs later,
      // and an event is allowed while that stays within burst × refillMs of now.
      const full = sql`greatest(${rateLimits.resetAt}, ${ts(at)}) + ${ms(bucket.refillMs)}`;
      const rows = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(at.getTime() + bucket.refillMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { count: sql`${rateLimits.count} + 1`, resetAt: full },
          setWhere: sql`${full} <= ${ts(at)} + ${ms(bucket.burst * bucket.refillMs)}`,
        })
        .returning({ count: rateLimits.count });
      await sweep(at);
      return rows.length > 0;
    },
    async refund(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },
    async putBack(key, bucket) {
      await db
        .update(rateLimits)
        .set({ resetAt: sql`${rateLimits.resetAt} - ${ms(bucket.refillMs)}` })
        .where(eq(rateLimits.key, key));
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async mark(key, ttlMs) {
      // A row whose reset_at is the mark's end: the sweep drops it once it has passed.
      const until = new Date(now().getTime() + ttlMs);
      await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: until })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: until } });
    },
    async isMarked(key) {
      const [row] = await db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now())));
      return row !== undefined;
    },
  };
}

export const LIMITS = {
  /** Login attempts from one address for one e-mail: the owner's own typos, or one guesser. */
  loginPerEmailAndIp: { max: 10, windowMs: 15 * 60_000 },
  /** Failed login attempts from one address, whatever the e-mail (good ones are refunded). */
  loginPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Sign-ups and password resets from one address: each may cost an argon2 hash. */
  signupPerIp: { max: 20, windowMs: 60 * 60_000 },
  resetPasswordPerIp: { max: 20, windowMs: 60 * 60_000 },
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 20, windowMs: 60 * 60_000 },
  assistantPerUser: { max: 20, windowMs: 60_000 },
  /** Ticker checks while a GP types in Add Investment: each may ask the market-data provider. */
  symbolCheckPerUser: { max: 60, windowMs: 60_000 },
  /** The sign-up page's invite check from one address: guessing codes stays as slow as signing up. */
  inviteCheckPerIp: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

/**
 * Login attempts for one e-mail from all addresses together. A fixed window here would let
 * anyone shut the owner out for the whole window with ten wrong passwords; a bucket instead
 * slows guessing from many addresses to one attempt a minute (after a burst of ten), and after
 * such a burst the owner waits at most a minute, not fifteen.
 */
export const LOGIN_PER_EMAIL: Bucket = { burst: 10, refillMs: 60_000 };

/** How long an address stays a known device of an account after a good sign-in from it. */
export const KNOWN_DEVICE_MS = 90 * 24 * 60 * 60_000;

/**
 * Sign-ins of one account from its known devices checked ahead of the queue: a partner's own
 * typos fit easily; past it a known device waits in the common lane like anyone.
 */
export const PRIORITY_PER_EMAIL: Bucket = { burst: 10, refillMs: 60_000 };
