import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVISIONAL_NOTE } from '../../src/contract/capital-rules';
import { portfolioSnapshots } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { parseCsv } from '../support/csv';
import { recordEntries, setCash, storeSnapshots } from './books';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * Entries recorded after the day they are dated: the daily snapshots taken in between lack their
 * cash, so the values of those days, and units priced from them, are marked provisional (the
 * walk-through: $250,000 dated 2026-10-01 recorded eight weeks later).
 */

const NOW = '2026-11-26T17:00:00Z';
const TODAY = '2026-11-26';
const NAV = '5000000.00';

interface Account {
  figures: { value: string; irr: string | null };
  entries: { kind: string; date: string; recorded_on: string; provisional: boolean; unit_value: string | null }[];
  history: { date: string; value: string; provisional: boolean }[];
  provisional: { since: string; figures: boolean; note: string } | null;
}

describe.each(databaseKinds)('provisional capital figures on %s', (kind) => {
  let h: Harness;
  let gp: string;
  const lp = { a: { id: 0, token: '' }, b: { id: 0, token: '' } };
  const get = (url: string, token: string) => h.inject({ method: 'GET', url, headers: bearer(token) });
  const account = async (token: string) => (await get('/api/capital-account', token)).json() as Account;
  const post = (userId: number, payload: object) => recordEntries(h, gp, userId, [payload]);

  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.advance(Date.parse(NOW) - Date.now());
    await h.createUser({ email: 'gp-prov@test.dev', password: 'Passw0rd!', role: 'GP' });
    lp.a.id = await h.createUser({ email: 'ada@test.dev', password: 'Passw0rd!', role: 'LP', firstName: 'Ada', lastName: 'Ames' });
    lp.b.id = await h.createUser({ email: 'bo@test.dev', password: 'Passw0rd!', role: 'LP', firstName: 'Bo', lastName: 'Birch' });
    gp = await h.login('gp-prov@test.dev', 'Passw0rd!');
    lp.a.token = await h.login('ada@test.dev', 'Passw0rd!');
    lp.b.token = await h.login('bo@test.dev', 'Passw0rd!');
    // A snapshot a day, each taken at that day's close, as the market job takes them.
    const values: Record<string, string> = {};
    for (let day = '2026-09-25'; day < TODAY; day = addDays(day, 1)) values[day] = NAV;
    await storeSnapshots(h, values, (day) => new Date(`${day}T21:00:00Z`));
    await setCash(h, gp, NAV);
  });
  afterAll(() => h.close());

  it('marks the days a back-dated contribution’s cash is missing from, not today’s figures', async () => {
    await post(lp.a.id, { kind: 'commitment', amount: '500000.00', date: '2026-10-01' });
    await post(lp.a.id, { kind: 'contribution', amount: '250000.00', date: '2026-10-01' });
    const a = await account(lp.a.token);
    // 250 of 5,250 units, valued by snapshots without the $250,000.
    expect(a.history[0]).toEqual({ date: '2026-10-01', value: '238095.24', provisional: true, official: false });
    expect(a.history.filter((p) => p.date < TODAY).every((p) => p.provisional)).toBe(true);
    // Today's value includes the cash: 250 × 5,250,000 ÷ 5,250.
    expect(a.history.at(-1)).toEqual({ date: TODAY, value: '250000.00', provisional: false, official: false });
    expect(a.provisional).toEqual({ since: '2026-10-01', figures: false, note: PROVISIONAL_NOTE });
    expect(a.entries.map((e) => [e.kind, e.date, e.recorded_on, e.provisional])).toEqual([
      ['commitment', '2026-10-01', TODAY, false],
      ['contribution', '2026-10-01', TODAY, false],
    ]);
    // Nothing held by the other LP, nothing provisional for them.
    expect((await account(lp.b.token)).provisional).toBeNull();
  });

  it("marks units priced from such a day, and with them every holder's figures today", async () => {
    await post(lp.b.id, { kind: 'commitment', amount: '100000.00', date: '2026-10-15' });
    await post(lp.b.id, { kind: 'contribution', amount: '100000.00', date: '2026-10-15' });
    const b = await account(lp.b.token);
    const contribution = b.entries.find((e) => e.kind === 'contribution');
    // Priced right (docs/decisions/0018): the day's snapshot lacks the first contribution's cash, which
    // pricing adds back: 5,250,000 ÷ 5,250. The value of the days since stays provisional until retaken.
    expect(contribution).toMatchObject({ unit_value: '1000.00000000', provisional: true });
    expect(b.provisional).toEqual({ since: '2026-10-15', figures: true, note: PROVISIONAL_NOTE });
    const a = await account(lp.a.token);
    expect(a.provisional).toEqual({ since: '2026-10-01', figures: true, note: PROVISIONAL_NOTE });
    expect(a.history.at(-1)?.provisional).toBe(true);

    // The GP's page and tRPC say the same.
    const all = (await get('/api/capital-accounts', gp)).json() as {
      accounts: { name: string; provisional: boolean }[];
      provisional: unknown;
    };
    expect(all.accounts.map((x) => [x.name, x.provisional])).toEqual([
      ['Ada Ames', true],
      ['Bo Birch', true],
    ]);
    expect(all.provisional).toEqual({ since: '2026-10-01', figures: true, note: PROVISIONAL_NOTE });
    const viaTrpc = await h.caller(gp).portfolio.capital.account({ userId: lp.b.id });
    expect(viaTrpc.provisional).toEqual(b.provisional);
  });

  it('says so in the statement, PDF and CSV, for the quarters it touches', async () => {
    const csv = parseCsv((await get('/api/capital-account/statement.csv?quarter=2026-Q4', lp.a.token)).body);
    const figure = (name: string) => csv.find((r) => r[0] === name)?.[1];
    expect([figure('opening_provisional'), figure('closing_provisional'), figure('provisional_note')]).toEqual([
      'false',
      'true',
      PROVISIONAL_NOTE,
    ]);
    const pdf = await get(`/api/capital-account/statement.pdf?quarter=2026-Q4&userId=${lp.b.id}`, gp);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('Provisional figures');
    expect(text).toContain(PROVISIONAL_NOTE.replace('\u2019', '’'));
    // The quarter before the fund started is not touched.
    const earlier = parseCsv((await get('/api/capital-account/statement.csv?quarter=2026-Q3', lp.a.token)).body);
    expect(earlier.find((r) => r[0] === 'closing_provisional')?.[1]).toBe('false');
  });

  it('drops the mark once the snapshots are taken again with the cash in them', async () => {
    await h.database.db.update(portfolioSnapshots).set({ netAccountValue: '5350000.00', takenAt: new Date('2026-11-26T17:30:00Z') });
    for (const who of [lp.a, lp.b]) {
      const x = await account(who.token);
      expect(x.provisional).toBeNull();
      expect(x.history.some((p) => p.provisional)).toBe(false);
    }
  });
});
