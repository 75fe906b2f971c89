import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/rest/openapi';
import type { RestRoute } from '../src/rest/table';
import { callEveryPath, CONTRACT_USERS } from './support/contract-calls';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

/**
 * The document as a contract: every path is called as a GP and as an LP against the running app,
 * and each answer must have a documented status, never 500, and match that status's schema.
 */

type Schema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema: Schema }> }>;
const doc = openApiDocument({ version: 'test' }) as {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components: { schemas: Record<string, Schema> };
};
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: doc.components });

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
    await h.createUser({ email: CONTRACT_USERS.gp, role: 'GP' });
    await h.createUser({ email: CONTRACT_USERS.lp, role: 'LP' });
    tokens = { gp: await h.login(CONTRACT_USERS.gp, 'Passw0rd!'), lp: await h.login(CONTRACT_USERS.lp, 'Passw0rd!') };
  });
  afterAll(() => h.close());

  it('answers every path as documented, to a GP and to an LP, with data and without', async () => {
    await callEveryPath(tokens, async ({ route, url, token, payload }) => {
      const res = await h.inject({
        method: route.method,
        url,
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      check(figures, route, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
      return res;
    });

    console.info(
      `OpenAPI contract (${kind}): ${figures.calls} calls, ${figures.checked} answers checked against their schema, by status ${JSON.stringify(figures.byStatus)}, ${figures.problems.length} problems`,
    );
    expect(figures.problems).toEqual([]);
    expect(figures.checked).toBe(figures.calls);
    expect(Object.keys(figures.byStatus)).toEqual(expect.arrayContaining(['200', '201', '400', '403', '404']));
    // Some 300 calls, each answer checked against its schema: on a loaded machine, past the default 30 s.
  }, 180_000);
});
