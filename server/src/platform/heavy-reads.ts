import { HEAVY_READS_LIMITED } from '../contract/limits';
import { fail } from './errors';
import type { Bucket, RateLimiter } from './rate-limit';

export interface HeavyReadDeps {
  limiter: RateLimiter;
  /** Per user: HEAVY_READS_PER_MINUTE at once, then refilling at that rate. */
  heavyReads: Bucket;
}

/**
 * Counts one expensive read (a statement, an export, a capital account) against the user's bucket,
 * shared by every instance; past it, 429 until the bucket refills. Each call of a tRPC batch counts.
 */
export async function countHeavyRead(deps: HeavyReadDeps, userId: number): Promise<void> {
  if (!(await deps.limiter.take(`heavy-reads:user:${userId}`, deps.heavyReads))) throw fail.tooMany(HEAVY_READS_LIMITED);
}

export function heavyReadBucket(perMinute: number): Bucket {
  return { burst: perMinute, refillMs: 60_000 / perMinute };
}
