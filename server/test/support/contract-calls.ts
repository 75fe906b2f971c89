import { expect } from 'vitest';
import { restRoutes, type RestRoute } from '../../src/rest/table';

/**
 * The calls of the contract tests (openapi-contract.test.ts in-process, openapi-prism.test.ts through
 * Prism's validating proxy): every REST path as a GP and as an LP, reads on empty books, each write
 * with a valid request and a bad one, the reads again with data, then the updates of existing rows.
 */

const day = '2024-03-15';
/** The two accounts the calls are made as; SAMPLES' profile update keeps the GP's e-mail. */
export const CONTRACT_USERS = { gp: 'gp-contract@test.dev', lp: 'lp-contract@test.dev' } as const;

/** A one-page PDF (made with pdf-lib), in base64: a document's file (docs/decisions/0020). */
const PDF =
  'JVBERi0xLjcKJYGBgYEKCjEgMCBvYmoKPDwKL1R5cGUgL1BhZ2VzCi9LaWRzIFsgMyAwIFIgXQovQ291bnQgMQo+PgplbmRvYmoKCjIgMCBvYmoKPDwKL1R5cGUgL0NhdGFsb2cKL1BhZ2VzIDEgMCBSCj4+CmVuZG9iagoKMyAwIG9iago8PAovVHlwZSAvUGFnZQovUGFyZW50IDEgMCBSCi9SZXNvdXJjZXMgPDwKPj4KL01lZGlhQm94IFsgMCAwIDEwMCAxMDAgXQo+PgplbmRvYmoKCnhyZWYKMCA0CjAwMDAwMDAwMDAgNjU1MzUgZiAKMDAwMDAwMDAxNiAwMDAwMCBuIAowMDAwMDAwMDc2IDAwMDAwIG4gCjAwMDAwMDAxMjYgMDAwMDAgbiAKCnRyYWlsZXIKPDwKL1NpemUgNAovUm9vdCAyIDAgUgo+PgoKc3RhcnR4cmVmCjIxNwolJUVPRg==';

/** A valid request for the paths that change data; the others are called with nothing, or a bad id. */
export const SAMPLES: Record<string, unknown> = {
  'POST /api/holdings': { symbol: 'AAPL', asset_type: 'stock', purchases: [{ qty: '3', price_paid: '150.25', purchase_date: day }] },
  'POST /api/holdings/sell': { symbol: 'AAPL', qty: '1', price: '170.10' },
  'POST /api/illiquid-assets/save': {
    assets: [{ name: 'Seed round', purchase_date: day, qty: '10', price_paid: '100', last_price_at_date: '120', dividend_dollar: '5' }],
  },
  'POST /api/real-estate/save': {
    assets: [
      { name: '12 Elm St', purchase_date: day, qty: '1', price_paid: '250000', last_price_at_date: '260000', total_rental_income: '1200' },
    ],
  },
  'PUT /api/account-balance': { cash_available: '10000.50', margin_debit: '0', accounts_receivable: '125' },
  'POST /api/cash-movements': { kind: 'deposit', amount: '500', note: 'Capital call' },
  'POST /api/invites': { role: 'LP' },
  'POST /api/contact': { name: 'Ann Lee', email: 'ann@example.com', message: 'Hello' },
  'PUT /api/users/profile': { first_name: 'Gail', last_name: 'Partner', email: CONTRACT_USERS.gp },
  'PUT /api/users/profile/document-mail': { mode: 'digest' },
  'POST /api/documents': {
    title: 'Annual letter',
    kind: 'letter',
    period: '2024',
    audience: { all: true },
    fileName: 'letter.pdf',
    content: PDF,
  },
};

/** A valid query string for the reads that take one; `required` when calling without it is a bad request. */
export const QUERIES: Record<string, { query: string; required?: true }> = {
  'GET /api/invites/check': { query: 'invite=not-an-invite', required: true },
  'GET /api/market/symbol-check': { query: 'symbol=AAPL&asset_type=stock', required: true },
  'GET /api/capital-account/statement.pdf': { query: 'quarter=2024-Q1', required: true },
  'GET /api/capital-account/statement.csv': { query: 'quarter=2024-Q1', required: true },
  'GET /api/portfolio/history': { query: 'days=30' },
  'GET /api/portfolio/lots': { query: 'symbol=AAPL', required: true },
  'GET /api/portfolio/returns': { query: 'period=ytd' },
  'GET /api/transactions': { query: 'limit=10&kind=buy' },
  'GET /api/audit-events': { query: 'limit=10' },
};

export interface ContractRequest {
  route: RestRoute;
  /** The path with its parameters filled in. */
  url: string;
  token: string;
  payload?: unknown;
  /** A request the document does not allow (a body with a stray field): the app must answer 4xx. */
  bad: boolean;
}
export interface ContractAnswer {
  statusCode: number;
  body: string;
}
export type ContractCall = (request: ContractRequest) => Promise<ContractAnswer>;

const fill = (path: string, id: string) => path.replace(/:(\w+)/g, id);
const row = (method: string, path: string) => restRoutes.find((r) => r.method === method && r.path === path);

/** Makes every call of the contract, in order, through `send`. */
export async function callEveryPath(tokens: { gp: string; lp: string }, send: ContractCall): Promise<void> {
  const call = (
    route: RestRoute,
    token: string,
    payload?: unknown,
    id = '999999',
    bad = false,
    query = QUERIES[`${route.method} ${route.path}`]?.query,
  ) =>
    send({ route, url: `${fill(route.path, id)}${query ? `?${query}` : ''}`, token, ...(payload === undefined ? {} : { payload }), bad });
  // Logging out ends the session the calls are made with: it comes last.
  const endsSession = (r: RestRoute) => r.procedure === 'auth.logout';
  const writes = restRoutes.filter((r) => r.method !== 'GET' && !endsSession(r));
  const reads = restRoutes.filter((r) => r.method === 'GET');
  for (const r of reads) for (const token of [tokens.gp, tokens.lp]) await call(r, token);
  for (const r of reads) if (QUERIES[`${r.method} ${r.path}`]?.required) await call(r, tokens.gp, undefined, '999999', true, '');
  for (const r of writes) {
    const sample = SAMPLES[`${r.method} ${r.path}`];
    if (sample !== undefined) {
      const res = await call(r, tokens.gp, sample);
      expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).toBeLessThan(300);
      await call(r, tokens.lp, sample);
    }
    if (r.input === 'none') await call(r, tokens.gp);
    else await call(r, tokens.gp, { unexpected: true }, '999999', true);
  }
  for (const r of reads) for (const token of [tokens.gp, tokens.lp]) await call(r, token);
  // Rows that take an id: an existing one of each kind where there is one.
  const list = async (path: string) => JSON.parse((await call(row('GET', path) as RestRoute, tokens.gp)).body) as { id: number }[];
  const venture = await list('/api/illiquid-assets');
  const estate = await list('/api/real-estate');
  const putVenture = row('PUT', '/api/illiquid-assets/:id');
  const putEstate = row('PUT', '/api/real-estate/:id');
  if (putVenture && venture[0])
    await call(
      putVenture,
      tokens.gp,
      { name: 'Seed round B', purchase_date: day, qty: '10', price_paid: '100', last_price_at_date: '130' },
      String(venture[0].id),
    );
  if (putEstate && estate[0])
    await call(
      putEstate,
      tokens.gp,
      { name: '12 Elm Street', purchase_date: day, qty: '1', price_paid: '250000', last_price_at_date: '265000' },
      String(estate[0].id),
    );
  // A document: read, downloaded by the LP (a PDF answer), its receipts, a new file, withdrawn.
  const documents = (JSON.parse((await call(row('GET', '/api/documents') as RestRoute, tokens.gp)).body) as { documents: { id: number }[] })
    .documents;
  const document = documents[0] ? String(documents[0].id) : undefined;
  if (document) {
    for (const [method, path, token, payload] of [
      ['GET', '/api/documents/:id', tokens.lp],
      ['GET', '/api/documents/:id/file', tokens.lp],
      ['GET', '/api/documents/:id', tokens.gp],
      ['GET', '/api/documents/:id/receipts', tokens.gp],
      ['PUT', '/api/documents/:id/file', tokens.gp, { fileName: 'letter-v2.pdf', content: PDF }],
      ['DELETE', '/api/documents/:id', tokens.gp],
    ] as const) {
      const r = row(method, path);
      if (!r) continue;
      const res = await call(r, token, payload, document);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    }
  }
  for (const r of restRoutes.filter(endsSession)) for (const token of [tokens.lp, tokens.gp]) await call(r, token);
}
