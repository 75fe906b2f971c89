import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/rest/openapi';
import { restRoutes } from '../src/rest/table';
import { createHarness, type Harness } from './support/harness';

type Operation = {
  operationId: string;
  security: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
};
const doc = openApiDocument({ version: 'test' }) as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operationOf = (method: string, path: string) => doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every row of the REST table once, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const rows = restRoutes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(listed.sort()).toEqual([...rows].sort());
    const ids = listed.map((key) => {
      const [m, p] = key.split(' ');
      return operationOf(m ?? '', p ?? '')?.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents each operation's security, its answer and its error statuses with the {error} shape", () => {
    for (const r of restRoutes) {
      const op = operationOf(r.method, r.path);
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      if (!op) continue;
      expect(op.security).toEqual(r.access === 'public' ? [] : [{ bearer: [] }]);
      const success = op.responses[String(r.status ?? 200)];
      const fileType = r.path.endsWith('.pdf') || r.path.endsWith('/file') ? 'application/pdf' : 'text/csv';
      expect(Object.keys(success?.content ?? {}), `${r.method} ${r.path}`).toEqual([r.csv || r.download ? fileType : 'application/json']);
      const errors = Object.keys(op.responses).filter((s) => s !== String(r.status ?? 200));
      if (r.access !== 'public') expect(errors).toContain('401');
      if (r.access === 'gp') expect(errors).toContain('403');
      if (r.input !== 'none') expect(errors).toContain('400');
      expect(errors).toContain('503');
      for (const status of errors) {
        expect(op.responses[status]?.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
      }
      // Each path parameter is declared under the name its template gives it.
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath, `${r.method} ${r.path}`).toEqual([...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
      if (r.input === 'body' || r.input === 'id+body') expect(op.requestBody).toBeDefined();
    }
  });

  it("describes a body from the procedure's own schema: required fields, bounds, no extra fields", () => {
    const body = operationOf('POST', '/api/contact')?.requestBody as {
      content: {
        'application/json': {
          schema: { required: string[]; additionalProperties: boolean; properties: Record<string, { maxLength?: number }> };
        };
      };
    };
    const schema = body.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.message?.maxLength).toBeGreaterThan(0);
    const query = operationOf('GET', '/api/transactions')?.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(query).toEqual(['query:limit', 'query:before', 'query:symbol', 'query:kind']);
  });
});

describe('the served document and reference', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite');
  });
  afterAll(() => h.close());

  it('serves the document at GET /api/openapi.json to anyone', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument({ version: '1.0.0' }))));
  });

  it('serves the interactive reference at /api/docs, pointing at the document', async () => {
    const redirect = await h.inject({ method: 'GET', url: '/api/docs' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/api/docs/');
    const page = await h.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/openapi.json');
    expect(page.body).toContain('<title>Partner portal API</title>');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    const script = await h.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });
});
