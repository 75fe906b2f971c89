import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { fail } from '../../platform/errors';
import { QueueFullError, createWorkQueue } from '../../platform/work-queue';

/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The test suite's: argon2's smallest cost, so hundreds of sign-ins in the tests take seconds, not minutes. */
const TEST_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * The cheap cost only inside Vitest (which sets VITEST) and only when the test configuration asks
 * for it (vitest.config.ts); anything else, production included, hashes at OWASP's minimum.
 */
export function hashOptionsFor(env: NodeJS.ProcessEnv): typeof PASSWORD_HASH_OPTIONS | typeof TEST_HASH_OPTIONS {
  return env.VITEST && env.ARGON2_TEST_COST === 'low' ? TEST_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
}

const OPTIONS = hashOptionsFor(process.env);

export const SIGN_IN_BUSY = 'Too many sign-in requests right now. Please try again in a moment.';

/**
 * Every argon2 run of this process goes through one small queue: at most all cores but one hash
 * at once, so a burst of sign-ins (or of bogus ones) leaves a core for every other request, and
 * past a short backlog the answer is "busy" at once instead of an ever longer wait. Sign-ins from
 * an address the account signed in from before wait in a lane of their own, served first, so a
 * flood of strangers' guesses is what is turned away, not the partners (accounts.ts decides).
 */
export const HASH_QUEUE = { concurrency: Math.max(1, Math.min(4, availableParallelism() - 1)), maxQueued: 32, maxPriorityQueued: 32 };
const argon2Queue = createWorkQueue(HASH_QUEUE);

/** The hashing queue's jobs running and waiting now (tests wait on it). */
export function hashQueueLoad(): { running: number; waiting: number } {
  return { running: argon2Queue.running, waiting: argon2Queue.waiting };
}

async function queued<T>(job: () => Promise<T>, priority = false): Promise<T> {
  try {
    return await argon2Queue.run(job, { priority });
  } catch (err) {
    if (err instanceof QueueFullError) throw fail.tooMany(SIGN_IN_BUSY);
    throw err;
  }
}

export function hashPassword(password: string): Promise<string> {
  return queued(() => argon2.hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * False for a wrong password or a missing hash. Without a hash it still verifies against a
 * throwaway one, so an unknown e-mail takes as long as a wrong password. `priority` puts the check
 * in the queue's first lane.
 */
export async function verifyPassword(hash: string | null | undefined, password: string, { priority = false } = {}): Promise<boolean> {
  if (!hash) {
    // Made once; a failed attempt (a full queue) is forgotten so the next call tries again.
    dummyHash ??= hashPassword('not-a-real-password-1!A').catch((err: unknown) => {
      dummyHash = undefined;
      throw err;
    });
    const dummy = await dummyHash;
    await queued(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return queued(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }, priority);
}
