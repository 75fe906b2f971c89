import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { jobRuns } from '../../db/schema';

/** Namespace of the firm's advisory locks (the first key of pg_try_advisory_xact_lock). */
const LOCK_NAMESPACE = 7_341;

/**
 * Claims a scheduled job for this instance if nobody ran it in the last `everyMs`. The claim is
 * made under a PostgreSQL advisory lock, so of several instances at most one gets each run; the
 * work itself then runs outside any transaction (PGlite serves one connection, and a provider
 * call must not hold it).
 */
export async function claimJob(db: Db, name: string, everyMs: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${name}))` })
      .from(sql`(select 1) as one`);
    if (!lock?.locked) return false;
    const due = new Date(now.getTime() - everyMs);
    const claimed = await tx
      .insert(jobRuns)
      .values({ name, startedAt: now })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { startedAt: now },
        setWhere: lte(jobRuns.startedAt, due),
      })
      .returning({ name: jobRuns.name });
    return claimed.length > 0;
  });
}
