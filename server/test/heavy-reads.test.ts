import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capitalEntries } from '../src/db/schema';
import { dayInNewYork } from '../src/domain/dates';
import { statementOf } from '../src/services/capital/statement';
import { statementPdf } from '../src/services/capital/statement-pdf';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';
import { portOf } from './support/raw-http';

/**
 * One partner's expensive reads (statements, exports, capital accounts) neither stall the server for
 * everyone else nor run unbounded: PDFs render on a worker thread, and each user has a bucket of them.
 */

const LIMITED = 'Too many statements, exports or capital account reads in a short time. Please wait a few seconds and try again.';

const quarterOf = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/** An LP with a long quarter: 400 entries make a statement of several pages. */
async function lpWithLongStatement(h: Harness, email: string): Promise<{ id: number; token: string; quarter: string }> {
  const id = await h.createUser({ email, role: 'LP' });
  const today = dayInNewYork(h.clock.now());
  await h.database.db
    .insert(capitalEntries)
    .values(Array.from({ length: 400 }, (_, i) => ({ userId: id, kind: 'commitment' as const, amount: `${1000 + i}.00`, date: today })));
  return { id, token: await h.login(email, 'Passw0rd!'), quarter: quarterOf(today) };
}

const statementsBatch = (quarter: string, n: number) =>
  `/trpc/${Array.from({ length: n }, () => 'portfolio.capital.statementPdf').join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { quarter }]))),
  )}`;

describe.each(databaseKinds)('expensive reads on %s', (kind) => {
  describe('while an LP requests statements in a loop', () => {
    let h: Harness;
    let base: string;
    let lp: { id: number; token: string; quarter: string };
    beforeAll(async () => {
      h = await createHarness(kind, { env: { HEAVY_READS_PER_MINUTE: '1000000' } });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${portOf(h.app)}`;
      lp = await lpWithLongStatement(h, `lp-loop-${kind}@test.dev`);
    });
    afterAll(async () => {
      await h.close();
    });

    /**
     * How long rendering this LP's statement holds whatever thread it runs on, on this machine now
     * (the median of three): on the event loop, /healthz would wait at least that long.
     */
    async function renderTime(): Promise<number> {
      const statement = await statementOf(h.deps, lp.id, lp.quarter);
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await statementPdf(statement);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[1] ?? 0;
    }

    it('keeps /healthz answering: p99 under 200 ms (or two PDF renders, on a machine so busy that one takes longer)', async () => {
      const refusals: string[] = [];
      /** One batch of five statements: how many were made (a refusal is kept to be reported). */
      const statements = async () => {
        const res = await fetch(`${base}${statementsBatch(lp.quarter, 5)}`, { headers: bearer(lp.token) });
        const answer = (await res.json()) as unknown;
        if (!Array.isArray(answer)) {
          refusals.push(`${res.status} ${JSON.stringify(answer)}`);
          return 0;
        }
        const calls = answer as { result?: { data: { body: string } }; error?: { message: string } }[];
        for (const call of calls) if (call.error) refusals.push(call.error.message);
        return calls.filter((c) => (c.result?.data.body.length ?? 0) > 10_000).length;
      };
      // Once before measuring: the first statement starts the PDF worker.
      await statements();

      // Two partners' worth of load, a fixed amount of it, so the test ends however slow the machine.
      let made = 0;
      let sampling = true;
      const loop = async () => {
        for (let batch = 0; batch < 4; batch++) {
          const n = await statements();
          made += n;
        }
      };
      const loops = Promise.all([loop(), loop()]).finally(() => {
        sampling = false;
      });
      const latencies: number[] = [];
      while (sampling || latencies.length < 100) {
        const start = performance.now();
        const res = await fetch(`${base}/healthz`);
        await res.text();
        latencies.push(performance.now() - start);
        expect(res.status).toBe(200);
      }
      await loops;
      expect(refusals, 'every batch of statements answered').toEqual([]);

      latencies.sort((a, b) => a - b);
      const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1] ?? Infinity;
      const render = await renderTime();
      // On the event loop a batch's renders run back to back: /healthz waits for several of them.
      const bound = Math.max(200, 2 * render);
      expect(made).toBe(40);
      expect(
        p99,
        `p99 of ${latencies.length} /healthz answers while ${made} statements were made (one render: ${Math.round(render)} ms)`,
      ).toBeLessThan(bound);
      // Forty multi-page PDFs on a machine other processes keep busy: a stuck test still ends.
    }, 180_000);
  });

  describe('per user', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(kind, { env: { HEAVY_READS_PER_MINUTE: '5' } });
    });
    afterAll(async () => {
      await h.close();
    });

    it('answers 429 with a clear message past the bucket, for that user only, on REST and tRPC', async () => {
      const { gp, lp } = await h.partners(`heavy-${kind}`);
      const account = (token: string) => h.inject({ method: 'GET', url: '/api/capital-account', headers: bearer(token) });
      for (let i = 0; i < 5; i++) expect((await account(lp)).statusCode).toBe(200);
      const refused = await account(lp);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: LIMITED });

      // Exports and statements draw on the same bucket, each call of a batch counting.
      const csv = await h.inject({ method: 'GET', url: '/api/export/holdings.csv', headers: bearer(lp) });
      expect(csv.statusCode).toBe(429);
      const batch = await h.inject({ method: 'GET', url: statementsBatch('2024-Q1', 2), headers: bearer(lp) });
      expect((batch.json() as { error: { message: string; data: { httpStatus: number } } }[]).map((c) => c.error.message)).toEqual([
        LIMITED,
        LIMITED,
      ]);

      // Another user's bucket is their own; a minute refills this one.
      expect((await h.inject({ method: 'GET', url: '/api/capital-accounts', headers: bearer(gp) })).statusCode).toBe(200);
      h.clock.advance(60_000);
      expect((await account(lp)).statusCode).toBe(200);
    });
  });
});
