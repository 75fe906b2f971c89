import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { recordEntries, setCash, storeSnapshots } from '../capital/books';

/**
 * The schedule as main.ts starts it (docs/decisions/0021): with the jobs on, a contribution's
 * notice and its e-mail arrive on their own after NOTICE_DELAY_MS, and closing the app stops them.
 */
describe.each(databaseKinds)('the document jobs started on %s', (kind) => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(kind, { env: { DOCUMENT_JOBS: '1', NOTICE_DELAY_MS: '0' } });
    h.clock.advance(Date.parse('2026-11-30T17:00:00Z') - Date.now());
    await storeSnapshots(h, { '2026-10-27': '5000000.00' }, (day) => new Date(`${day}T21:00:00Z`));
  });
  afterAll(() => h.close());

  it('files the notice and sends its e-mail without being asked, after the entry', async () => {
    await h.createUser({ email: 'gp-scheduled@test.dev', role: 'GP' });
    const gp = await h.login('gp-scheduled@test.dev', 'Passw0rd!');
    const lpId = await h.createUser({ email: 'lp-scheduled@test.dev', role: 'LP' });
    const lp = await h.login('lp-scheduled@test.dev', 'Passw0rd!');
    await setCash(h, gp, '10000000.00');
    h.deps.documentJobs.start();
    await recordEntries(h, gp, lpId, [
      { kind: 'commitment', amount: '200000.00', date: '2026-10-27' },
      { kind: 'contribution', amount: '75000.00', date: '2026-10-27' },
    ]);
    const titles = async () =>
      (
        (await h.inject({ method: 'GET', url: '/api/documents', headers: bearer(lp) })).json() as { documents: { title: string }[] }
      ).documents.map((d) => d.title);
    await expect.poll(titles, { timeout: 60_000, interval: 200 }).toEqual(['Capital Call Notice: $75,000.00, October 27, 2026']);
    await expect
      .poll(() => h.mails.filter((m) => m.to === 'lp-scheduled@test.dev').map((m) => m.subject), { timeout: 60_000, interval: 200 })
      .toEqual(['New document: Capital Call Notice: $75,000.00, October 27, 2026']);
  });
});
