import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/rest/openapi';
import { restRoutes, type RestRoute } from '../src/rest/table';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

/**
 * The document as a contract: every path is called as a GP and as an LP against the running app,
 * and each answer must have a documented status, never 500, and match that status's schema.
 */

type Schema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema: Schema }> }>;
const doc = openApiDocument({ version: 'test' }) as { paths: Record<string, Record<string, { responses: Responses }>>; components: { schemas: Record<string, Schema> } };
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: doc.components });

const day = '2024-03-15';
/** A valid request for the paths that change data; the others are called with nothing, or a bad id. */
const SAMPLES: Record<string, unknown> = {
  'POST /api/holdings': { symbol: 'AAPL', asset_type: 'stock', purchases: [{ qty: '3', price_paid: '150.25', purchase_date: day }] },
  'POST /api/holdings/sell': { symbol: 'AAPL', qty: '1', price: '170.10' },
  'POST /api/illiquid-assets/save': { assets: [{ name: 'Seed round', purchase_date: day, qty: '10', price_paid: '100', last_price_at_date: '120', dividend_dollar: '5' }] },
  'POST /api/real-estate/save': { assets: [{ name: '12 Elm St', purchase_date: day, qty: '1', price_paid: '250000', last_price_at_date: '260000', total_rental_income: '1200' }] },
  'PUT /api/account-balance': { cash_available: '10000.50', margin_debit: '0', accounts_receivable: '125' },
  'POST /api/cash-movements': { kind: 'deposit', amount: '500', note: 'Capital call' },
  'POST /api/invites': { role: 'LP' },
  'POST /api/contact': { name: 'Ann Lee', email: 'ann@example.com', message: 'Hello' },
  'PUT /api/users/profile': { first_name: 'Gail', last_name: 'Partner', email: 'gp-contract@test.dev' },
};

interface Figures {
  calls: number;
  checked: number;
  byStatus: Record<string, number>;
  problems: string[];
}

function check(figures: Figures, r: RestRoute, status: number, contentType: string, body: string): void {
  figures.calls += 1;
  figures.byStatus[status] = (figures.byStatus[status] ?? 0) + 1;
  const where = `${r.method} ${r.path} → ${status}`;
  if (status >= 500 && status !== 503) figures.problems.push(`${where}: a server error`);
  const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
  const response = op?.responses[String(status)] ?? op?.responses.default;
  if (!response) return void figures.problems.push(`${where}: status not documented`);
  const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
  if (!type || !media) return;
  if (!contentType.startsWith(type)) return void figures.problems.push(`${where}: ${contentType}, documented ${type}`);
  if (type !== 'application/json') return void (figures.checked += 1);
  const schema = '$ref' in media.schema ? { $ref: `doc${String(media.schema.$ref)}` } : media.schema;
  const validate = ajv.compile(schema);
  if (!validate(JSON.parse(body))) figures.problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  figures.checked += 1;
}

describe.each(databaseKinds)('the OpenAPI contract against the live app on %s', (kind) => {
  let h: Harness;
  let tokens: { gp: string; lp: string };
  const figures: Figures = { calls: 0, checked: 0, byStatus: {}, problems: [] };

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-contract@test.dev', role: 'GP' });
    await h.createUser({ email: 'lp-contract@test.dev', role: 'LP' });
    tokens = { gp: await h.login('gp-contract@test.dev', 'Passw0rd!'), lp: await h.login('lp-contract@test.dev', 'Passw0rd!') };
  });
  afterAll(() => h.close());

  const call = async (r: RestRoute, token: string, payload?: unknown, id = '999999') => {
    const res = await h.inject({
      method: r.method,
      url: r.path.replace(':id', id),
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    check(figures, r, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
    return res;
  };

  it('answers every path as documented, to a GP and to an LP, with data and without', async () => {
    const writes = restRoutes.filter((r) => r.method !== 'GET');
    const reads = restRoutes.filter((r) => r.method === 'GET');
    // First the reads on empty books, then each write with a valid request (and a bad one), then the reads again.
    for (const r of reads) for (const token of [tokens.gp, tokens.lp]) await call(r, token);
    for (const r of writes) {
      const sample = SAMPLES[`${r.method} ${r.path}`];
      if (sample !== undefined) {
        const res = await call(r, tokens.gp, sample);
        expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).toBeLessThan(300);
        await call(r, tokens.lp, sample);
      }
      await call(r, tokens.gp, r.input === 'none' ? undefined : { unexpected: true });
    }
    for (const r of reads) for (const token of [tokens.gp, tokens.lp]) await call(r, token);
    // Rows that take an id: an existing one of each kind where there is one.
    const venture = (await h.inject({ method: 'GET', url: '/api/illiquid-assets', headers: bearer(tokens.gp) })).json() as { id: number }[];
    const estate = (await h.inject({ method: 'GET', url: '/api/real-estate', headers: bearer(tokens.gp) })).json() as { id: number }[];
    const update = (r: RestRoute, id: number | undefined, body: unknown) => (id === undefined ? undefined : call(r, tokens.gp, body, String(id)));
    const row = (method: string, path: string) => restRoutes.find((r) => r.method === method && r.path === path);
    const putVenture = row('PUT', '/api/illiquid-assets/:id');
    const putEstate = row('PUT', '/api/real-estate/:id');
    if (putVenture) await update(putVenture, venture[0]?.id, { name: 'Seed round B', purchase_date: day, qty: '10', price_paid: '100', last_price_at_date: '130' });
    if (putEstate) await update(putEstate, estate[0]?.id, { name: '12 Elm Street', purchase_date: day, qty: '1', price_paid: '250000', last_price_at_date: '265000' });

    console.info(`OpenAPI contract (${kind}): ${figures.calls} calls, ${figures.checked} answers checked against their schema, by status ${JSON.stringify(figures.byStatus)}, ${figures.problems.length} problems`);
    expect(figures.problems).toEqual([]);
    expect(figures.checked).toBe(figures.calls);
    expect(Object.keys(figures.byStatus)).toEqual(expect.arrayContaining(['200', '201', '400', '403', '404']));
  });
});
