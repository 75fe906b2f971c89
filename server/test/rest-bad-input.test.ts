import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { holdings, privateAssets } from '../src/db/schema';
import { restRoutes } from '../src/rest/table';
import { GENERIC_ERROR } from '../src/trpc/errors';
import { appRouter } from '../src/routers';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

const ASSET_ROW = { name: 'Acme', purchase_date: '2025-03-01', qty: 10, price_paid: 5, last_price_at_date: 6 };
const VENTURE_ROW = { ...ASSET_ROW, dividend_dollar: 0, dividend_pct: 0 };
const PROPERTY_ROW = { ...ASSET_ROW, total_rental_income: 100, monthly_rental_income: 10, annual_rental_income_pct: 1.2 };

/** A well-formed body for every REST path that takes one; the bad-input cases are made from it. */
/** A WebAuthn answer's shape (what @simplewebauthn/browser sends), with text that is not a real credential. */
const ASSERTION_SAMPLE = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'AAAA' },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};
const ATTESTATION_SAMPLE = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: {
    clientDataJSON: 'e30',
    attestationObject: 'AAAA',
    authenticatorData: 'AAAA',
    transports: ['internal'],
    publicKeyAlgorithm: -7,
    publicKey: 'AAAA',
  },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

/** A document's upload (docs/decisions/0020): the file is only the start of a PDF, which the bad-input cases never reach. */
const PDF_SAMPLE = Buffer.from('%PDF-1.7').toString('base64');
const DOCUMENT_SAMPLE = { title: 'K-1', kind: 'tax', period: '2026', audience: { all: true }, fileName: 'k1.pdf', content: PDF_SAMPLE };

const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/users/login': { email: 'a@b.co', password: 'Passw0rd!' },
  'POST /api/users/google-login': { email: 'a@b.co', googleId: '123', credential: 'x.y.z' },
  'POST /api/users/signup': {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'a@b.co',
    password: 'Passw0rd!',
    confirmPassword: 'Passw0rd!',
    inviteCode: 'code',
  },
  'POST /api/users/google-signup': {
    email: 'a@b.co',
    firstName: 'Ann',
    lastName: 'Lee',
    googleId: '123',
    inviteCode: 'code',
    credential: 'x.y.z',
  },
  'POST /api/users/request-password-reset': { email: 'a@b.co' },
  'POST /api/users/reset-password': { token: 'abc', newPassword: 'Passw0rd!' },
  'PUT /api/users/change-password': { currentPassword: 'Passw0rd!', newPassword: 'Passw0rd!2' },
  'PUT /api/users/profile': {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'a@b.co',
    current_password: 'Passw0rd!',
    last_login: null,
    last_edit: null,
  },
  'PUT /api/users/profile/document-mail': { mode: 'digest' },
  'POST /api/invites': { validityHours: 24, role: 'LP' },
  'POST /api/contact': { name: 'Ann', email: 'a@b.co', phone: '5551234567', message: 'Hello' },
  'POST /api/holdings': { symbol: 'AAPL', asset_type: 'stock', purchases: [{ qty: 1, price_paid: 100, purchase_date: '2026-01-05' }] },
  'POST /api/illiquid-assets/save': { assets: [VENTURE_ROW] },
  'PUT /api/illiquid-assets/:id': VENTURE_ROW,
  'POST /api/real-estate/save': { assets: [PROPERTY_ROW] },
  'PUT /api/real-estate/:id': PROPERTY_ROW,
  'POST /api/holdings/sell': { symbol: 'AAPL', qty: 1, price: 100, settles: true },
  'POST /api/cash-movements': { kind: 'deposit', amount: 1000, note: 'Capital call' },
  'POST /api/corporate-actions': {
    kind: 'dividend',
    symbol: 'AAPL',
    amount_per_share: 0.5,
    ex_date: '2025-01-02',
    pay_date: '2025-01-10',
    tax_withheld_percent: 15,
    note: 'Q4',
  },
  'PUT /api/account-balance': { cash_available: 1000, margin_debit: 200, accounts_receivable: 50 },
  'POST /api/ai/prompt': { prompt: 'what do I hold?' },
  'POST /api/ai/confirm': { confirm: false },
  'POST /api/capital-accounts/:userId/entries': { kind: 'contribution', amount: 1000, date: '2025-01-02' },
  'POST /api/portfolio/history/rebuild': { from: '2025-01-02' },
  'PUT /api/portfolio/official-nav': { date: '2025-01-02', value: 1000, note: 'Administrator' },
  'POST /api/reconciliations': { date: '2025-01-02', file_name: 'positions.csv', csv: 'symbol,quantity\nAAPL,10\n' },
  'PUT /api/contact/:id/handled': { handled: true },
  'POST /api/users/login/second-factor': { challenge: 'abc', code: '123456' },
  'POST /api/users/second-factor/totp/confirm': { code: '123456' },
  'POST /api/users/second-factor/totp/disable': { code: '123456' },
  'POST /api/users/step-up': { code: '123456' },
  'POST /api/users/login/passkey/options': { challenge: 'abc' },
  'POST /api/users/login/passkey': { challenge: 'abc', response: ASSERTION_SAMPLE },
  'POST /api/users/passkeys': { name: 'MacBook Touch ID', response: ATTESTATION_SAMPLE },
  'POST /api/users/step-up/passkey': { response: ASSERTION_SAMPLE },
  'POST /api/documents': DOCUMENT_SAMPLE,
  'PUT /api/documents/:id/file': { fileName: 'k1.pdf', content: PDF_SAMPLE },
  'POST /api/imports/preview': { file_name: 'trades.csv', format: 'generic', csv: 'date,kind,symbol\n2025-01-02,deposit,\n' },
  'POST /api/imports': { file_name: 'trades.csv', format: 'generic', csv: 'date,kind,symbol\n2025-01-02,deposit,\n' },
};

/**
 * A well-formed input for every tRPC procedure that takes one, with every optional field set, so
 * that every text field can be spoiled in turn. Amounts are text here, so they are spoiled too.
 */
const ASSET_TEXT_ROW = {
  name: 'Acme',
  description: 'First line\nsecond line',
  purchase_date: '2025-03-01',
  qty: '10',
  price_paid: '5',
  last_price_at_date: '6',
  last_price_date: '2025-03-02',
  value: '60',
};
const VENTURE_TEXT_ROW = { ...ASSET_TEXT_ROW, dividend_dollar: '0', dividend_pct: '0' };
const PROPERTY_TEXT_ROW = { ...ASSET_TEXT_ROW, total_rental_income: '100', monthly_rental_income: '10', annual_rental_income_pct: '1.2' };
const GOOGLE_PROOF = { googleId: '123', credential: 'x.y.z', accessToken: 'access-token' };

const PROCEDURE_INPUTS: Record<string, Record<string, unknown>> = {
  'auth.login': { email: 'a@b.co', password: 'Passw0rd!' },
  'auth.googleLogin': { email: 'a@b.co', ...GOOGLE_PROOF },
  'auth.signup': SAMPLE_BODIES['POST /api/users/signup'] ?? {},
  'auth.googleSignup': { email: 'a@b.co', firstName: 'Ann', lastName: 'Lee', inviteCode: 'code', ...GOOGLE_PROOF },
  'auth.passwordReset.request': { email: 'a@b.co' },
  'auth.passwordReset.setPassword': { token: 'abc', newPassword: 'Passw0rd!' },
  'auth.profile.changePassword': { currentPassword: 'Passw0rd!', newPassword: 'Passw0rd!2' },
  'auth.profile.update': {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'a@b.co',
    current_password: 'Passw0rd!',
    last_login: '2025-01-01T10:00:00Z',
    last_edit: '2025-01-02T10:00:00Z',
  },
  'auth.documentMail.set': { mode: 'digest' },
  'admin.invites.create': { validityHours: 24, role: 'LP' },
  'admin.invites.revoke': { id: 1 },
  'admin.users.remove': { id: 1 },
  'contact.submit': { name: 'Ann', email: 'a@b.co', phone: '5551234567', message: 'Hello,\n\tthere' },
  'contact.markHandled': { id: 1, handled: true },
  'contact.remove': { id: 1 },
  'auth.checkInvite': { invite: 'code' },
  'portfolio.holdings.checkSymbol': { symbol: 'AAPL', asset_type: 'stock' },
  'portfolio.holdings.add': {
    symbol: 'AAPL',
    asset_type: 'stock',
    exchange: 'NASDAQ',
    purchases: [{ qty: '1', price_paid: '100', purchase_date: '2026-01-05', fee: '1.50' }],
    settles: false,
    allow_negative_cash: false,
  },
  'portfolio.holdings.remove': { id: 1 },
  'portfolio.holdings.sell': { symbol: 'AAPL', qty: '1', price: '100', fee: '1.50', settles: true },
  'portfolio.balances.recordCashMovement': {
    kind: 'withdrawal',
    amount: '250.50',
    note: 'Fees',
    allow_negative_cash: true,
    confirmed: true,
  },
  'portfolio.balances.previewCashMovement': { kind: 'withdrawal', amount: '250.50', allow_negative_cash: true },
  'portfolio.activity.transactions': { limit: 10, before: 5, symbol: 'AAPL', kind: 'sell' },
  'portfolio.activity.auditEvents': { limit: 10, before: 5, entity: 'holding' },
  'portfolio.balances.save': { cash_available: '1000', margin_debit: '200', accounts_receivable: '50' },
  'portfolio.history': { days: 30 },
  'portfolio.lots': { symbol: 'AAPL' },
  'portfolio.returns': { period: 'mtd' },
  'assets.venture.save': { assets: [VENTURE_TEXT_ROW] },
  'assets.venture.update': { id: 1, ...VENTURE_TEXT_ROW },
  'assets.venture.remove': { id: 1 },
  'assets.realEstate.save': { assets: [PROPERTY_TEXT_ROW] },
  'assets.realEstate.update': { id: 1, ...PROPERTY_TEXT_ROW, dividend_dollar: '0', dividend_pct: '0' },
  'assets.realEstate.remove': { id: 1 },
  'ai.prompt': { prompt: 'what do I hold?' },
  'ai.confirm': { confirm: false },
  'portfolio.capital.account': { userId: 1 },
  'portfolio.capital.addEntry': { userId: 1, kind: 'contribution', amount: '1000', date: '2025-01-02', allow_negative_cash: false },
  'portfolio.capital.deleteEntry': { id: 1 },
  'portfolio.rebuildHistory': { from: '2025-01-02' },
  'portfolio.officialNav.set': { date: '2025-01-02', value: '1000', note: 'Administrator' },
  'portfolio.officialNav.remove': { date: '2025-01-02' },
  'auth.loginSecondFactor': { challenge: 'abc', code: '123456' },
  'auth.loginPasskeyOptions': { challenge: 'abc' },
  'auth.loginPasskey': { challenge: 'abc', response: ASSERTION_SAMPLE },
  'auth.passkeys.finishRegistration': { name: 'MacBook Touch ID', response: ATTESTATION_SAMPLE },
  'auth.passkeys.remove': { id: 1 },
  'auth.passkeys.stepUp': { response: ASSERTION_SAMPLE },
  'auth.secondFactor.confirmTotp': { code: '123456' },
  'auth.secondFactor.disableTotp': { code: '123456' },
  'auth.secondFactor.stepUp': { code: '123456' },
  'auth.sessions.end': { id: '00000000-0000-4000-8000-000000000000' },
  'admin.users.endSessions': { id: 1 },
  'portfolio.capital.statementPdf': { quarter: '2025-Q1', userId: 1 },
  'portfolio.capital.statementCsv': { quarter: '2025-Q1', userId: 1 },
  // Every field of the three kinds (split, dividend, interest and fees), so each is named once.
  'portfolio.corporateActions.record': {
    kind: 'dividend',
    symbol: 'AAPL',
    amount_per_share: '0.5',
    ex_date: '2025-01-02',
    pay_date: '2025-01-10',
    tax_withheld_percent: '15',
    tax_withheld_amount: '1',
    note: 'Q4',
    ratio: '10:1',
    cash_in_lieu_price: '85',
    amount: '10',
    allow_negative_cash: false,
  },
  'portfolio.corporateActions.remove': { id: 1 },
  'documents.list': { kind: 'tax', year: 2026 },
  'documents.get': { id: 1 },
  'documents.receipts': { id: 1 },
  'documents.download': { id: 1 },
  // Both shapes of the audience at once (all LPs, chosen ones), so each field is named; such an input is refused.
  'documents.upload': { ...DOCUMENT_SAMPLE, audience: { all: true, userIds: [1] } },
  'documents.replace': { id: 1, fileName: 'k1.pdf', content: PDF_SAMPLE },
  'documents.withdraw': { id: 1 },
  'portfolio.reconciliation.run': { date: '2025-01-02', file_name: 'positions.csv', csv: 'symbol,quantity\nAAPL,10\n' },
  'portfolio.reconciliation.get': { id: 1 },
  'portfolio.imports.preview': { file_name: 'trades.csv', format: 'generic', csv: 'date,kind,symbol\n2025-01-02,deposit,\n' },
  'portfolio.imports.commit': { file_name: 'trades.csv', format: 'generic', csv: 'date,kind,symbol\n2025-01-02,deposit,\n' },
};

/** The procedure behind each REST path that takes a body. */
const PROCEDURE_OF_ROUTE: Record<string, string> = {
  'POST /api/users/login': 'auth.login',
  'POST /api/users/google-login': 'auth.googleLogin',
  'POST /api/users/signup': 'auth.signup',
  'POST /api/users/google-signup': 'auth.googleSignup',
  'POST /api/users/request-password-reset': 'auth.passwordReset.request',
  'POST /api/users/reset-password': 'auth.passwordReset.setPassword',
  'PUT /api/users/change-password': 'auth.profile.changePassword',
  'PUT /api/users/profile': 'auth.profile.update',
  'PUT /api/users/profile/document-mail': 'auth.documentMail.set',
  'POST /api/invites': 'admin.invites.create',
  'POST /api/contact': 'contact.submit',
  'POST /api/holdings': 'portfolio.holdings.add',
  'POST /api/illiquid-assets/save': 'assets.venture.save',
  'PUT /api/illiquid-assets/:id': 'assets.venture.update',
  'POST /api/real-estate/save': 'assets.realEstate.save',
  'PUT /api/real-estate/:id': 'assets.realEstate.update',
  'PUT /api/account-balance': 'portfolio.balances.save',
  'POST /api/holdings/sell': 'portfolio.holdings.sell',
  'POST /api/cash-movements': 'portfolio.balances.recordCashMovement',
  'POST /api/ai/prompt': 'ai.prompt',
  'POST /api/ai/confirm': 'ai.confirm',
  'POST /api/capital-accounts/:userId/entries': 'portfolio.capital.addEntry',
  'POST /api/corporate-actions': 'portfolio.corporateActions.record',
  'POST /api/portfolio/history/rebuild': 'portfolio.rebuildHistory',
  'PUT /api/portfolio/official-nav': 'portfolio.officialNav.set',
  'POST /api/reconciliations': 'portfolio.reconciliation.run',
  'PUT /api/contact/:id/handled': 'contact.markHandled',
  'POST /api/users/login/second-factor': 'auth.loginSecondFactor',
  'POST /api/users/second-factor/totp/confirm': 'auth.secondFactor.confirmTotp',
  'POST /api/users/second-factor/totp/disable': 'auth.secondFactor.disableTotp',
  'POST /api/users/step-up': 'auth.secondFactor.stepUp',
  'POST /api/users/login/passkey/options': 'auth.loginPasskeyOptions',
  'POST /api/users/login/passkey': 'auth.loginPasskey',
  'POST /api/users/passkeys': 'auth.passkeys.finishRegistration',
  'DELETE /api/users/passkeys/:id': 'auth.passkeys.remove',
  'POST /api/users/step-up/passkey': 'auth.passkeys.stepUp',
  'POST /api/documents': 'documents.upload',
  'PUT /api/documents/:id/file': 'documents.replace',
  'POST /api/imports/preview': 'portfolio.imports.preview',
  'POST /api/imports': 'portfolio.imports.commit',
};

/** Every procedure, by its dotted path, with the zod schema of its input if it takes one. */
interface ZodNode {
  _zod: {
    def: { type: string; shape?: Record<string, ZodNode>; element?: ZodNode; innerType?: ZodNode; in?: ZodNode; options?: ZodNode[] };
  };
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodNode[] } }>).map(
  ([path, p]) => ({ path, input: p._def.inputs[0] }),
);
const withInput = procedures.flatMap((p) => (p.input ? [{ path: p.path, input: p.input }] : []));

/** The dotted paths of every field a schema knows ("purchases.0.qty"). */
function schemaFields(node: ZodNode, prefix = ''): string[] {
  const def = node._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, child]) => [`${prefix}${key}`, ...schemaFields(child, `${prefix}${key}.`)]);
  }
  if (def.type === 'array' && def.element) return schemaFields(def.element, `${prefix}0.`);
  const inner = def.innerType ?? def.in;
  if (inner) return schemaFields(inner, prefix);
  return (def.options ?? []).flatMap((option) => schemaFields(option, prefix));
}

/** Every key path of a value, and its text leaves with a way to replace each. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${prefix}${i}.`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...keyPaths(child, `${prefix}${key}.`)]);
  }
  return [];
}
function withLeaf(value: unknown, path: string[], replace: (old: string) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === 'string' ? replace(value) : value;
  if (Array.isArray(value)) return value.map((item, i) => (String(i) === head ? withLeaf(item, rest, replace) : item));
  return { ...(value as Record<string, unknown>), [head]: withLeaf((value as Record<string, unknown>)[head], rest, replace) };
}
function textLeaves(value: unknown): string[] {
  return keyPaths(value).filter(
    (path) => typeof path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value) === 'string',
  );
}

/** A NUL in the middle of a text, and a control character for the single-line ones. */
const withNul = (text: string): string => `${text.slice(0, 1)}\u0000${text.slice(1)}`;

/** Ids a PostgreSQL integer column cannot hold: 2^31, ten digits, 2^53. */
const HUGE_IDS = [2_147_483_648, 9_999_999_999, 2 ** 53];

/** A value of the wrong type for a field whose sample is the given value. */
const wrongType = (sample: unknown): unknown => (typeof sample === 'number' ? 'twenty-four' : 12345);

const bodyRoutes = restRoutes.filter((r) => r.input === 'body' || r.input === 'id+body');
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('bad-input samples', () => {
  it('has a sample body for every REST path that takes a body', () => {
    expect(bodyRoutes.map(routeKey).filter((k) => !SAMPLE_BODIES[k])).toEqual([]);
    expect(bodyRoutes.map(routeKey).filter((k) => !PROCEDURE_OF_ROUTE[k])).toEqual([]);
  });

  it('has a sample input for every procedure that takes one, setting every field it knows', () => {
    expect(withInput.length).toBeGreaterThan(20);
    const missing = withInput.flatMap(({ path, input }) => {
      const sample = PROCEDURE_INPUTS[path];
      if (!sample) return [path];
      const known = new Set(keyPaths(sample));
      return schemaFields(input)
        .filter((field) => !known.has(field))
        .map((field) => `${path}: ${field}`);
    });
    expect(missing).toEqual([]);
  });
});

describe.each(databaseKinds)('REST bad input on %s', (kind) => {
  let h: Harness;
  let gpToken: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'gp-input@test.dev', password: 'Passw0rd!', role: 'GP' });
    gpToken = await h.login('gp-input@test.dev', 'Passw0rd!');
  });
  afterAll(() => h.close());

  /** A tRPC mutation (or a query, for procedures that are one) over HTTP, signed in as the GP. */
  async function trpc(path: string, input: unknown) {
    const isQuery = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]?._def.type === 'query';
    const res = await h.inject({
      method: isQuery ? 'GET' : 'POST',
      url: isQuery ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${path}`,
      headers: { ...bearer(gpToken), 'content-type': 'application/json' },
      ...(isQuery ? {} : { payload: JSON.stringify(input) }),
    });
    const body = res.json() as { error?: { message?: unknown } };
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    return { status: res.statusCode, error: typeof body.error?.message === 'string' ? body.error.message : JSON.stringify(body) };
  }

  async function send(method: string, path: string, payload: string | object, contentType = 'application/json') {
    const res = await h.inject({
      method: method,
      url: path.replace(/:(id|userId)\b/, '1'),
      headers: { ...bearer(gpToken), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    const body = res.json() as unknown;
    expect(body).toEqual({ error: expect.any(String) });
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    return { status: res.statusCode, error: (body as { error: string }).error };
  }

  describe.each(bodyRoutes.map((r) => [routeKey(r), r] as const))('%s', (key, r) => {
    const sample = SAMPLE_BODIES[key] ?? {};

    it('answers malformed JSON with 400', async () => {
      const res = await send(r.method, r.path, '{"email": "a@b.co",');
      expect(res).toEqual({ status: 400, error: 'The request body is not valid JSON.' });
    });

    it('answers a body that is not an object with 400', async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        expect((await send(r.method, r.path, body)).status).toBe(400);
      }
    });

    it.each(Object.keys(sample))('answers a wrong type for %s with 400', async (field) => {
      const res = await send(r.method, r.path, { ...sample, [field]: wrongType(sample[field]) });
      expect(res.status).toBe(400);
    });

    it('answers missing fields with 400', async () => {
      expect((await send(r.method, r.path, {})).status).toBe(400);
    });

    it('answers an unknown field with 400 naming it', async () => {
      const res = await send(r.method, r.path, { ...sample, isAdmin: true });
      expect(res.status).toBe(400);
      expect(res.error).toContain('isAdmin');
    });

    it('answers an oversized body with 413', async () => {
      // A document's upload has a limit of its own (docs/decisions/0020).
      const res = await send(r.method, r.path, { ...sample, padding: 'x'.repeat((r.bodyLimit?.bytes ?? BODY_LIMIT) + 1) });
      expect(res.status).toBe(413);
    });

    it('answers a body that is not JSON with 415', async () => {
      expect((await send(r.method, r.path, 'email=a@b.co', 'application/x-www-form-urlencoded')).status).toBe(415);
    });
  });

  describe('NUL and other control characters in text fields', () => {
    /** Status and error of every spoiled text field that was not answered 400 with a message of its own. */
    async function unrefused(send: (input: unknown) => Promise<{ status: number; error: string }>, input: unknown) {
      const wrong: string[] = [];
      for (const leaf of textLeaves(input)) {
        const res = await send(withLeaf(input, leaf.split('.'), withNul));
        if (res.status !== 400 || res.error === GENERIC_ERROR) wrong.push(`${leaf}: ${res.status} ${res.error}`);
      }
      return wrong;
    }

    /** The sample body of a REST path, as its procedure's sample without the id the path carries. */
    const restBody = (key: string) => {
      const { id: _id, ...body } = PROCEDURE_INPUTS[PROCEDURE_OF_ROUTE[key] ?? ''] ?? {};
      return body;
    };
    const textRoutes = bodyRoutes.filter((r) => textLeaves(restBody(routeKey(r))).length > 0);

    it('spoils the text fields of every REST path and procedure that has any', () => {
      expect(bodyRoutes.filter((r) => !textRoutes.includes(r)).map(routeKey)).toEqual([
        'PUT /api/contact/:id/handled',
        'POST /api/ai/confirm',
      ]);
      expect(
        withInput
          .filter((p) => textLeaves(PROCEDURE_INPUTS[p.path]).length === 0)
          .map((p) => p.path)
          .sort(),
      ).toEqual([
        'admin.invites.revoke',
        'admin.users.endSessions',
        'admin.users.remove',
        'ai.confirm',
        'assets.realEstate.remove',
        'assets.venture.remove',
        'auth.passkeys.remove',
        'contact.markHandled',
        'contact.remove',
        'documents.download',
        'documents.get',
        'documents.receipts',
        'documents.withdraw',
        'portfolio.capital.account',
        'portfolio.capital.deleteEntry',
        'portfolio.corporateActions.remove',
        'portfolio.history',
        'portfolio.holdings.remove',
        'portfolio.reconciliation.get',
      ]);
    });

    it.each(textRoutes.map((r) => [routeKey(r), r] as const))('%s answers every text field holding a NUL with 400', async (key, r) => {
      expect(await unrefused((payload) => send(r.method, r.path, payload as object), restBody(key))).toEqual([]);
    });

    it.each(withInput.map((p) => [p.path]))('tRPC %s answers every text field holding a NUL with 400', async (path) => {
      const input = PROCEDURE_INPUTS[path] ?? {};
      expect(await unrefused((value) => trpc(path, value), input)).toEqual([]);
    });

    it.each([
      ['POST /api/contact', { name: 'A\u0000nn' }, 'Name cannot contain control characters.'],
      ['POST /api/contact', { email: 'a\u0000@b.co' }, 'Email cannot contain control characters.'],
      ['POST /api/contact', { phone: '555\u00001234567' }, 'Phone cannot contain control characters.'],
      ['POST /api/contact', { message: 'Hello\u0000' }, 'Message cannot contain control characters.'],
      ['POST /api/contact', { message: 'Hello\u0007' }, 'Message cannot contain control characters.'],
      ['POST /api/contact', { name: 'Ann\tLee' }, 'Name cannot contain control characters.'],
      ['PUT /api/users/profile', { first_name: 'A\u0000nn' }, 'First name cannot contain control characters.'],
      ['PUT /api/users/profile', { last_name: 'L\u0000ee' }, 'Last name cannot contain control characters.'],
      ['POST /api/users/signup', { firstName: 'A\u0000nn' }, 'First name cannot contain control characters.'],
      ['POST /api/illiquid-assets/save', { assets: [{ ...VENTURE_ROW, name: 'Ac\u0000me' }] }, 'Name cannot contain control characters.'],
      [
        'POST /api/illiquid-assets/save',
        { assets: [{ ...VENTURE_ROW, description: 'x\u0000' }] },
        'Description cannot contain control characters.',
      ],
      ['PUT /api/real-estate/:id', { ...PROPERTY_ROW, name: 'Ac\u0000me' }, 'Name cannot contain control characters.'],
      ['PUT /api/real-estate/:id', { ...PROPERTY_ROW, description: 'x\u001b[31m' }, 'Description cannot contain control characters.'],
      ['POST /api/ai/prompt', { prompt: 'buy\u0000 1 AAPL' }, 'Your message cannot contain control characters.'],
    ])('%s %o answers 400 naming the field', async (key, change, message) => {
      const [method = '', path = ''] = key.split(' ');
      expect(await send(method, path, { ...SAMPLE_BODIES[key], ...change })).toEqual({ status: 400, error: message });
    });

    it('keeps tabs and line breaks in multi-line texts', async () => {
      const res = await h.inject({
        method: 'POST',
        url: '/api/illiquid-assets/save',
        headers: bearer(gpToken),
        payload: { assets: [{ ...VENTURE_ROW, name: 'Multi', description: 'Line one\r\n\tline two' }] },
      });
      expect(res.statusCode).toBe(201);
      const [row] = (await h.database.db.select().from(privateAssets)).filter((r) => r.name === 'Multi');
      expect(row?.description).toBe('Line one\r\n\tline two');
      await h.database.db.delete(privateAssets);
    });
  });

  describe('ids beyond PostgreSQL integer', () => {
    // A session's id is a UUID, not a row number: its own schema refuses anything else.
    const idRoutes = restRoutes.filter((r) => (r.input === 'id' || r.input === 'id+body') && r.procedure !== 'auth.sessions.end');
    const idProcedures = withInput.filter((p) => p.input._zod.def.shape?.id !== undefined && p.path !== 'auth.sessions.end');

    it('covers every REST :id path and every tRPC {id} input', () => {
      expect(idRoutes.map(routeKey)).toHaveLength(20);
      expect(idProcedures.map((p) => p.path).sort()).toEqual([
        'admin.invites.revoke',
        'admin.users.endSessions',
        'admin.users.remove',
        'assets.realEstate.remove',
        'assets.realEstate.update',
        'assets.venture.remove',
        'assets.venture.update',
        'auth.passkeys.remove',
        'contact.markHandled',
        'contact.remove',
        'documents.download',
        'documents.get',
        'documents.receipts',
        'documents.replace',
        'documents.withdraw',
        'portfolio.capital.deleteEntry',
        'portfolio.corporateActions.remove',
        'portfolio.holdings.remove',
        'portfolio.reconciliation.get',
      ]);
    });

    it.each(idRoutes.map((r) => [routeKey(r), r] as const))('%s answers ids of 2^31 and more with 400', async (key, r) => {
      for (const id of [...HUGE_IDS.map(String), '99999999999999999999', '2147483648.0']) {
        const res = await send(r.method, r.path.replace(/:(id|userId)\b/, id), SAMPLE_BODIES[key] ?? {});
        expect({ id, ...res }).toEqual({ id, status: 400, error: 'A valid id is required.' });
      }
      // The largest id a row can have is well-formed: no such row.
      expect((await send(r.method, r.path.replace(/:(id|userId)\b/, '2147483647'), SAMPLE_BODIES[key] ?? {})).status).toBe(404);
    });

    it.each(idProcedures.map((p) => [p.path]))('tRPC %s answers ids of 2^31 and more with 400', async (path) => {
      for (const id of HUGE_IDS) {
        const res = await trpc(path, { ...PROCEDURE_INPUTS[path], id });
        expect({ id, ...res }).toEqual({ id, status: 400, error: 'A valid id is required.' });
      }
      expect((await trpc(path, { ...PROCEDURE_INPUTS[path], id: 2_147_483_647 })).status).toBe(404);
    });
  });

  describe('amounts beyond their bounds', () => {
    const purchase = (change: object) => ({
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [{ qty: 1, price_paid: 100, purchase_date: '2026-01-05', ...change }],
    });
    const balances = (change: object) => ({ cash_available: 1, margin_debit: 2, accounts_receivable: 3, ...change });
    const venture = (change: object) => ({ assets: [{ ...VENTURE_ROW, ...change }] });
    const property = (change: object) => ({ assets: [{ ...PROPERTY_ROW, ...change }] });

    it.each([
      ['POST /api/holdings', purchase({ qty: '9999999999999999' }), 'Quantity must be at most 1,000,000,000,000.'],
      [
        'POST /api/holdings',
        '{"symbol":"AAPL","asset_type":"stock","purchases":[{"qty":9999999999999999,"price_paid":100,"purchase_date":"2026-01-05"}]}',
        'Quantity must be at most 1,000,000,000,000.',
      ],
      ['POST /api/holdings', purchase({ qty: '1000000000000.00000001' }), 'Quantity must be at most 1,000,000,000,000.'],
      ['POST /api/holdings', purchase({ qty: 1e300 }), 'Quantity must be at most 1,000,000,000,000.'],
      ['POST /api/holdings', purchase({ qty: '999999999999.12345678' }), 'Quantity can have at most 15 significant digits.'],
      ['POST /api/holdings', purchase({ qty: -1e300 }), 'Quantity must be more than 0.'],
      ['POST /api/holdings', purchase({ price_paid: '10000000000.01' }), 'Purchase price must be at most 10,000,000,000.'],
      ['POST /api/holdings', purchase({ price_paid: 1e21 }), 'Purchase price must be at most 10,000,000,000.'],
      ['POST /api/holdings', purchase({ price_paid: '1234567890.1234567' }), 'Purchase price can have at most 15 significant digits.'],
      ['PUT /api/account-balance', balances({ cash_available: 1e13 }), 'Cash Available must be at most 1,000,000,000,000.'],
      ['PUT /api/account-balance', balances({ margin_debit: '-1000000000000.01' }), 'Margin Debit must be at least -1,000,000,000,000.'],
      ['PUT /api/account-balance', balances({ accounts_receivable: -1e300 }), 'Accounts Receivable must be at least -1,000,000,000,000.'],
      ['POST /api/illiquid-assets/save', venture({ qty: '1000000000001' }), 'Qty must be at most 1,000,000,000,000.'],
      ['POST /api/illiquid-assets/save', venture({ price_paid: 2e10 }), 'Price paid must be at most 10,000,000,000.'],
      ['POST /api/illiquid-assets/save', venture({ last_price_at_date: '99999999999' }), 'Last price must be at most 10,000,000,000.'],
      ['POST /api/illiquid-assets/save', venture({ dividend_dollar: 1e15 }), 'Dividend $ must be at most 1,000,000,000,000.'],
      ['POST /api/illiquid-assets/save', venture({ dividend_pct: 10000.5 }), 'Dividend % must be at most 10,000.'],
      ['PUT /api/illiquid-assets/:id', { ...VENTURE_ROW, qty: 1e16 }, 'Qty must be at most 1,000,000,000,000.'],
      [
        'POST /api/real-estate/save',
        property({ total_rental_income: '1000000000000.01' }),
        'Total Rental Income must be at most 1,000,000,000,000.',
      ],
      ['POST /api/real-estate/save', property({ monthly_rental_income: 5e12 }), 'Monthly Rental Income must be at most 1,000,000,000,000.'],
      ['POST /api/real-estate/save', property({ annual_rental_income_pct: -20000 }), 'Annual Rental Income % must be at least -10,000.'],
      ['PUT /api/real-estate/:id', { ...PROPERTY_ROW, last_price_at_date: '12345678901' }, 'Last price must be at most 10,000,000,000.'],
    ])('%s %o answers 400 naming the field and its bound, and stores nothing', async (key, body, message) => {
      const [method = '', path = ''] = key.split(' ');
      expect(await send(method, path, body)).toEqual({ status: 400, error: message });
      expect(await h.database.db.select().from(holdings)).toEqual([]);
      expect(await h.database.db.select().from(privateAssets)).toEqual([]);
    });
  });

  describe('values the database refuses that the schemas let through', () => {
    // Narrower columns stand in for a value a schema does not catch: the last line of defence
    // answers 400 with a readable message on REST and tRPC alike, never 500.
    it('answers a text too long for its column with 400', async () => {
      await h.database.db.execute(sql`alter table contact_submissions alter column name type varchar(3)`);
      try {
        const body = { name: 'Annabel', email: 'a@b.co', message: 'Hello' };
        const expected = { status: 400, error: 'The request has a text that is too long to store.' };
        expect(await send('POST', '/api/contact', body)).toEqual(expected);
        expect(await trpc('contact.submit', body)).toEqual(expected);
      } finally {
        await h.database.db.execute(sql`alter table contact_submissions alter column name type text`);
      }
    });

    it('answers a number too large for its column with 400', async () => {
      await h.database.db.execute(sql`alter table account_balances alter column cash_available type numeric(6, 2)`);
      try {
        const body = { cash_available: '100000', margin_debit: '0', accounts_receivable: '0' };
        const expected = { status: 400, error: 'The request has a number that is too large to store.' };
        expect(await send('PUT', '/api/account-balance', body)).toEqual(expected);
        expect(await trpc('portfolio.balances.save', body)).toEqual(expected);
      } finally {
        await h.database.db.execute(sql`alter table account_balances alter column cash_available type numeric(20, 2)`);
      }
    });
  });

  it('answers a malformed tRPC input with 400 and a readable message', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'not-an-email', password: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { message: string } }).error.message).toBe('Please enter a valid email address.');
    expect(res.body).not.toContain('stack');
  });
});
