import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, capitalEntries, ledgerEntries } from '../../src/db/schema';
import { BOOK_DATE_RULE } from '../../src/contract/book-dates';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash, storeSnapshots } from './books';
import { ENTRIES, NOW, SNAPSHOTS, TODAY, TODAY_VALUE } from './fixture';

/**
 * two LPs over two years (calls, distributions, a quarter with a loss). Every expected
 * figure below was computed apart from the product by expected-figures.ts (integer arithmetic and
 * Newton's method on floats); run it to see where each comes from.
 */

const A_FIGURES = {
  commitment: '1000000.00',
  contributed: '700000.00',
  unfunded: '300000.00',
  distributed: '350000.00',
  units: '370.55773696',
  value: '473618.08',
  dpi: '0.5000',
  rvpi: '0.6766',
  tvpi: '1.1766',
  irr: '0.0969',
};
const B_FIGURES = {
  commitment: '500000.00',
  contributed: '350000.00',
  unfunded: '150000.00',
  distributed: '80000.00',
  units: '262.70626002',
  value: '335770.71',
  dpi: '0.2286',
  rvpi: '0.9593',
  tvpi: '1.1879',
  irr: '0.1167',
};
/** Units bought (+) or redeemed (−) by each priced entry, and the value per unit it was priced at. */
const PRICED = [
  ['A', '2023-07-03', '400.00000000', '1000.00000000'],
  ['B', '2023-10-02', '241.07142857', '1037.03703704'],
  ['A', '2024-03-01', '277.42974239', '1081.35485913'],
  ['A', '2024-12-16', '-138.71487119', '1081.35485913'],
  ['B', '2025-02-03', '91.74263968', '1090.00569800'],
  ['B', '2025-05-15', '-70.10780823', '1141.09971510'],
  ['A', '2025-06-30', '-168.15713424', '1189.36375139'],
];

describe.each(databaseKinds)('capital accounts on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let gpId: number;
  const lp: Record<'A' | 'B', { id: number; token: string }> = { A: { id: 0, token: '' }, B: { id: 0, token: '' } };

  const get = (url: string, token: string) => h.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.advance(Date.parse(NOW) - Date.now());
    gpId = await h.createUser({ email: 'gp-capital@test.dev', password: 'Passw0rd!', role: 'GP' });
    lp.A.id = await h.createUser({ email: 'ann@test.dev', password: 'Passw0rd!', role: 'LP', firstName: 'Ann', lastName: 'Archer' });
    lp.B.id = await h.createUser({ email: 'ben@test.dev', password: 'Passw0rd!', role: 'LP', firstName: 'Ben', lastName: 'Baker' });
    gp = await h.login('gp-capital@test.dev', 'Passw0rd!');
    lp.A.token = await h.login('ann@test.dev', 'Passw0rd!');
    lp.B.token = await h.login('ben@test.dev', 'Passw0rd!');
    // Taken again after the entries below are recorded, so they include their cash: nothing is provisional here.
    await storeSnapshots(h, SNAPSHOTS, () => new Date('2025-09-30T20:00:00Z'));
    for (const e of ENTRIES) {
      const res = await h.inject({
        method: 'POST',
        url: `/api/capital-accounts/${lp[e.lp].id}/entries`,
        headers: bearer(gp),
        payload: { kind: e.kind, amount: e.amount, date: e.date },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await setCash(h, gp, TODAY_VALUE);
  });
  afterAll(() => h.close());

  it('answers a recorded entry with what was done', async () => {
    const res = await h.inject({
      method: 'POST',
      url: `/api/capital-accounts/${lp.B.id}/entries`,
      headers: bearer(gp),
      payload: { kind: 'commitment', amount: '25000', date: '2025-09-01' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { message: string; entry: { id: number } };
    expect(body.message).toBe('Commitment of $25,000.00 on 2025-09-01 recorded for ben@test.dev.');
    // Taken back at once, so the fixture's figures hold.
    const gone = await h.inject({ method: 'DELETE', url: `/api/capital-accounts/entries/${body.entry.id}`, headers: bearer(gp) });
    expect(gone.json()).toEqual({ message: 'The commitment of $25,000.00 on 2025-09-01 was removed.' });
  });

  it("gives each LP their own account with the fixture's figures", async () => {
    for (const [who, figures] of [
      ['A', A_FIGURES],
      ['B', B_FIGURES],
    ] as const) {
      const res = await get('/api/capital-account', lp[who].token);
      expect(res.statusCode).toBe(200);
      const account = res.json() as {
        user_id: number;
        figures: unknown;
        entries: { date: string; units: string; unit_value: string | null; kind: string }[];
        fund: unknown;
        history: { date: string; value: string; provisional: boolean }[];
      };
      expect(account.user_id).toBe(lp[who].id);
      expect(account.figures).toEqual(figures);
      expect(account.fund).toEqual({
        as_of: TODAY,
        start_date: '2023-07-03',
        net_account_value: TODAY_VALUE,
        units_outstanding: '5633.26399698',
        unit_value: '1278.12224030',
      });
      const priced = account.entries.filter((e) => e.kind !== 'commitment').map((e) => [who, e.date, e.units, e.unit_value]);
      expect(priced).toEqual(PRICED.filter(([lpOf]) => lpOf === who));
      // The value over time: each snapshot since the start, then today.
      expect(account.history.at(-1)).toEqual({ date: TODAY, value: figures.value, provisional: false, official: false });
      expect(account.history.some((p) => p.provisional)).toBe(false);
      expect(account.history[0]?.date).toBe('2023-07-03');
    }
    const a = (await get('/api/capital-account', lp.A.token)).json() as { history: { date: string; value: string }[] };
    expect(a.history.find((p) => p.date === '2024-06-28')?.value).toBe('743987.91');
    expect(a.history.find((p) => p.date === '2024-09-30')?.value).toBe('675312.10');
  });

  it('lists every account and the GP side for a GP, the parts adding up to the net account value', async () => {
    const res = await get('/api/capital-accounts', gp);
    expect(res.statusCode).toBe(200);
    const all = res.json() as { accounts: { user_id: number; name: string; figures: unknown }[]; gp: unknown };
    expect(all.accounts.map((a) => [a.name, a.figures])).toEqual([
      ['Ann Archer', A_FIGURES],
      ['Ben Baker', B_FIGURES],
    ]);
    // 7,200,000.00 − 473,618.08 − 335,770.71
    expect(all.gp).toEqual({ units: '5000.00000000', value: '6390611.21' });
  });

  it('moves Cash Available through the ledger: contributions are deposits, distributions withdrawals', async () => {
    const rows = await h.database.db.select().from(ledgerEntries);
    const moves = rows.filter((r) => r.kind === 'deposit' || r.kind === 'withdrawal').map((r) => [r.kind, r.amount, r.flow]);
    expect(moves).toEqual(
      ENTRIES.filter((e) => e.kind !== 'commitment').map((e) =>
        e.kind === 'contribution' ? ['deposit', e.amount, e.amount] : ['withdrawal', e.amount, `-${e.amount}`],
      ),
    );
    const stored = await h.database.db.select().from(capitalEntries);
    expect(stored.filter((r) => r.kind !== 'commitment').every((r) => r.ledgerEntryId !== null)).toBe(true);
  });

  it('writes a quarterly statement PDF the text of which reads back, for a quarter with a loss', async () => {
    const res = await get(`/api/capital-account/statement.pdf?quarter=2024-Q3`, lp.A.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="capital-statement-ann-2024-Q3.pdf"');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    for (const expected of [
      'Alder Finch Capital 200 Clarendon Street, Suite 4100 Boston, MA 02116 United States partners@alderfinch.example',
      'Capital Account Statement Quarter ended September 30, 2024 (2024-Q3) Issued September 30, 2025',
      'LIMITED PARTNER Ann Archer ann@test.dev PERIOD Jul 1, 2024 – Sep 30, 2024 Amounts in US dollars',
      'Opening value, June 30, 2024 $743,987.91',
      'Contributions $0.00',
      'Distributions $0.00',
      'Gain or loss -$68,675.81',
      'Closing value, September 30, 2024 $675,312.10',
      'Units held 677.42974239',
      // Four places, as the app shows it (kept to 8: 996.87401076).
      'Value per unit $996.8740',
      'DPI (distributed ÷ contributed) 0.0000x',
      'RVPI (value ÷ contributed) 0.9647x',
      'TVPI ((distributed + value) ÷ contributed) 0.9647x',
      'IRR since the first contribution (XIRR) -3.67% a year',
      'It is unaudited and for information only',
      'Page 1 of 1',
      'No entries in this quarter.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Provisional');
  });

  it("lists the quarter's entries in the PDF as a table, kinds capitalized", async () => {
    const res = await get(`/api/capital-account/statement.pdf?quarter=2024-Q4&userId=${lp.A.id}`, gp);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('Date Kind Amount Units Value per unit Recorded');
    expect(text).toContain('Dec 16, 2024 Distribution -$150,000.00 -138.71487119 $1,081.3549 Sep 30, 2025');
    expect(text).toContain('Distributions -$150,000.00');
    expect(text).toContain('IRR since the first contribution (XIRR) 3.83% a year');
  });

  it('gives the same statement as CSV, with the quarter’s entries', async () => {
    const res = await get(`/api/capital-account/statement.csv?quarter=2024-Q4&userId=${lp.A.id}`, gp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\r\n')).toEqual([
      'figure,value',
      'firm,Alder Finch Capital',
      'limited_partner,Ann Archer',
      'email,ann@test.dev',
      'quarter,2024-Q4',
      'from,2024-10-01',
      'to,2024-12-31',
      'opening_value,675312.10',
      'contributions,0.00',
      'distributions,150000.00',
      // 582,541.94 − 675,312.10 + 150,000.00
      'gain_or_loss,57229.84',
      'closing_value,582541.94',
      'units,538.71487120',
      'value_per_unit,1081.35485913',
      'dpi,0.2143',
      'rvpi,0.8322',
      'tvpi,1.0465',
      'irr,0.0383',
      'opening_provisional,false',
      'closing_provisional,false',
      'provisional_note,',
      'opening_official,false',
      'closing_official,false',
      '',
      'date,kind,amount,units,value_per_unit,recorded_on,provisional,official',
      '2024-12-16,distribution,150000.00,-138.71487119,1081.35485913,2025-09-30,false,false',
      '',
    ]);
  });

  it("never shows an LP another's account or statements, whatever id is sent (403)", async () => {
    for (const url of [
      `/api/capital-account?userId=${lp.B.id}`,
      `/api/capital-account/statement.pdf?quarter=2024-Q3&userId=${lp.B.id}`,
      `/api/capital-account/statement.csv?quarter=2024-Q3&userId=${lp.B.id}`,
      `/api/capital-account/statement.csv?quarter=2024-Q3&userId=999999`,
    ]) {
      const res = await get(url, lp.A.token);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, { error: 'You can read only your own capital account.' }]);
    }
    // Their own id is their own account.
    expect((await get(`/api/capital-account?userId=${lp.A.id}`, lp.A.token)).statusCode).toBe(200);
    await expect(h.caller(lp.A.token).portfolio.capital.account({ userId: lp.B.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(h.caller(lp.A.token).portfolio.capital.statementPdf({ quarter: '2024-Q3', userId: lp.B.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(h.caller(lp.A.token).portfolio.capital.accounts()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      h.caller(lp.A.token).portfolio.capital.addEntry({ userId: lp.A.id, kind: 'commitment', amount: '1', date: '2025-01-02' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('keeps capital entries out of an LP’s audit log and shows them to a GP', async () => {
    const lpEvents = (await get('/api/audit-events?limit=500', lp.A.token)).json() as { events: { entity: string }[] };
    expect(lpEvents.events.some((e) => e.entity === 'capital_entry')).toBe(false);
    const gpEvents = (await get('/api/audit-events?limit=500&entity=capital_entry', gp)).json() as {
      events: { action: string; after: { kind?: string } | null }[];
    };
    const added = gpEvents.events.filter((e) => e.action === 'capital.add').map((e) => e.after?.kind);
    // Newest first: the fixture's nine entries and the commitment taken back above.
    expect(added.reverse()).toEqual([...ENTRIES.map((e) => e.kind), 'commitment']);
    expect(gpEvents.events.filter((e) => e.action === 'capital.delete')).toHaveLength(1);
  });

  it('refuses entries that cannot be, with a readable message', async () => {
    const post = (userId: number, payload: object) =>
      h.inject({ method: 'POST', url: `/api/capital-accounts/${userId}/entries`, headers: bearer(gp), payload });
    const cases: [number, object, number, string][] = [
      [
        lp.A.id,
        { kind: 'contribution', amount: '300000.01', date: TODAY },
        400,
        'The contribution of $300,000.01 is more than the unfunded commitment of $300,000.00.',
      ],
      [
        lp.B.id,
        { kind: 'distribution', amount: '400000', date: TODAY },
        400,
        "The distribution of $400,000.00 is more than the account's value of $335,770.71 on 2025-09-30.",
      ],
      [lp.A.id, { kind: 'commitment', amount: '5', date: '2025-10-01' }, 400, BOOK_DATE_RULE],
      [
        lp.A.id,
        { kind: 'contribution', amount: '5', date: '2023-06-30' },
        400,
        'Capital accounts start on 2023-07-03; an entry cannot be dated before it.',
      ],
      [lp.A.id, { kind: 'bonus', amount: '5', date: TODAY }, 400, 'Kind must be commitment, contribution or distribution.'],
      [lp.A.id, { kind: 'contribution', amount: '-5', date: TODAY }, 400, 'Amount must be more than 0.'],
      [lp.A.id, { kind: 'contribution', amount: '5.001', date: TODAY }, 400, 'Amount can have at most 2 decimal places.'],
      [999999, { kind: 'commitment', amount: '5', date: TODAY }, 404, 'There is no limited partner with that id.'],
    ];
    for (const [userId, payload, status, error] of cases) {
      const res = await post(userId, payload);
      expect([payload, res.statusCode, res.json()]).toEqual([payload, status, { error }]);
    }
    expect((await post(gpId, { kind: 'commitment', amount: '5', date: TODAY })).json()).toEqual({
      error: 'There is no limited partner with that id.',
    });
    expect((await get('/api/capital-account/statement.pdf?quarter=2025-Q4', lp.A.token)).json()).toEqual({
      error: '2025-Q4 has not begun yet.',
    });
    expect((await get('/api/capital-account/statement.pdf?quarter=2025-13', lp.A.token)).json()).toEqual({
      error: 'quarter must look like 2026-Q3.',
    });
    expect((await get('/api/capital-account', gp)).json()).toEqual({
      error: 'userId is required: name the limited partner whose account to read.',
    });
  });

  it('corrects an entry: the units and the cash go back, and the audit log keeps what was removed', async () => {
    const cash = async () => ((await get('/api/account-balance', gp)).json() as { cash_available: number }).cash_available;
    const before = await cash();
    const added = await h.inject({
      method: 'POST',
      url: `/api/capital-accounts/${lp.B.id}/entries`,
      headers: bearer(gp),
      payload: { kind: 'contribution', amount: '10000.00', date: TODAY },
    });
    expect(added.statusCode).toBe(201);
    const entry = (added.json() as { entry: { id: number; units: string; unit_value: string } }).entry;
    // Priced at today's value per unit, from the engine's net account value.
    expect(entry.unit_value).toBe('1278.12224030');
    expect(entry.units).toBe('7.82397777');
    expect(await cash()).toBe(before + 10000);
    const res = await h.inject({ method: 'DELETE', url: `/api/capital-accounts/entries/${entry.id}`, headers: bearer(gp) });
    expect(res.json()).toEqual({ message: 'The contribution of $10,000.00 on 2025-09-30 was removed.' });
    expect(await cash()).toBe(before);
    expect(((await get('/api/capital-account', lp.B.token)).json() as { figures: unknown }).figures).toEqual(B_FIGURES);
    const events = await h.database.db.select().from(auditEvents);
    const removal = events.filter((e) => e.action === 'capital.delete').at(-1);
    expect(removal?.before).toMatchObject({
      id: entry.id,
      kind: 'contribution',
      amount: '10000.00',
      units: '7.82397777',
      user_email: 'ben@test.dev',
    });
    expect((await h.inject({ method: 'DELETE', url: `/api/capital-accounts/entries/${entry.id}`, headers: bearer(gp) })).statusCode).toBe(
      404,
    );
  });
});
