import { z } from 'zod';
import { appRouter } from '../routers';
import { schemaOfOutput } from '../trpc/declared-output';
import { restRoutes, type RestRoute } from './table';

/**
 * The OpenAPI 3.1 document of the `/api` paths, made from the REST table and each row's
 * procedure: its zod input schema gives the parameters and body, its declared output the answer.
 * Nothing here is written twice; a new table row is described as soon as it is added.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  output?: unknown;
}

// At run time tRPC keeps every procedure in one flat record by its dotted path ('portfolio.holdings.list').
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef } | undefined>;

function defOf(row: RestRoute): ProcedureDef {
  const procedure = procedures[row.procedure];
  if (!procedure) throw new Error(`The REST row ${row.method} ${row.path} names no procedure: ${row.procedure}`);
  return procedure._def;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements (a text's control characters, a decimal's scale) cannot be said in JSON Schema: the
  // server still checks them and answers 400 with a readable message.
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function inputSchema(row: RestRoute): JsonSchema | undefined {
  const input = defOf(row).inputs[0];
  return input instanceof z.ZodType ? jsonSchema(input, 'input') : undefined;
}

function outputSchema(row: RestRoute): JsonSchema {
  const output = schemaOfOutput(defOf(row).output);
  if (!output) throw new Error(`The procedure ${row.procedure} declares no output (.output(declared(...)))`);
  return jsonSchema(output, 'output');
}

const propertiesOf = (schema: JsonSchema | undefined) => (schema?.properties ?? {}) as Record<string, JsonSchema>;
const requiredOf = (schema: JsonSchema | undefined) => new Set((schema?.required ?? []) as string[]);

/** 'auth.googleLogin' → 'Google login'; 'portfolio.holdings.add' → 'Add (holdings)'. */
function summaryOf(procedure: string): string {
  const last = procedure.split('.').at(-1) ?? procedure;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const scope =
    procedure.split('.').length > 2
      ? ` (${procedure
          .split('.')
          .slice(-2, -1)[0]
          ?.replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase()})`
      : '';
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${scope}`;
}

/** The names of a path's parameters, as its template spells them: '/api/capital-accounts/:userId/entries' → ['userId']. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
}

function parameters(row: RestRoute, input: JsonSchema | undefined): JsonSchema[] {
  const params: JsonSchema[] = [];
  const props = propertiesOf(input);
  if (row.input === 'id' || row.input === 'id+body') {
    for (const name of pathParameterNames(row.path)) {
      params.push({ name, in: 'path', required: true, schema: props[name] ?? { type: 'integer' } });
    }
  }
  if (row.input === 'query') {
    const required = requiredOf(input);
    for (const [name, schema] of Object.entries(props)) params.push({ name, in: 'query', required: required.has(name), schema });
  }
  return params;
}

function requestBody(row: RestRoute, input: JsonSchema | undefined): JsonSchema | undefined {
  if (row.input !== 'body' && row.input !== 'id+body') return undefined;
  let schema = input ?? { type: 'object' };
  if (row.input === 'id+body') {
    // The ids come from the path.
    const fromPath = new Set(pathParameterNames(row.path));
    const properties = Object.fromEntries(Object.entries(propertiesOf(schema)).filter(([name]) => !fromPath.has(name)));
    const required = [...requiredOf(schema)].filter((name) => !fromPath.has(name));
    schema = { ...schema, properties, required };
  }
  return { required: requiredOf(schema).size > 0, content: { 'application/json': { schema } } };
}

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A download's type: a PDF for the statements (…pdf) and the partners' documents (…/file), else CSV. */
const fileType = (row: RestRoute): string => (row.path.endsWith('.pdf') || row.path.endsWith('/file') ? 'application/pdf' : 'text/csv');

function responses(row: RestRoute): Record<string, unknown> {
  const status = String(row.status ?? 200);
  const success = row.csv
    ? { description: `The file ${row.csv}`, content: { 'text/csv': { schema: { type: 'string' } } } }
    : row.download
      ? {
          description: 'The file itself (Content-Disposition names it)',
          content: {
            [fileType(row)]: {
              schema: { type: 'string', ...(fileType(row) === 'application/pdf' ? { contentMediaType: 'application/pdf' } : {}) },
            },
          },
        }
      : { description: 'Success', content: { 'application/json': { schema: outputSchema(row) } } };
  const out: Record<string, unknown> = { [status]: success };
  if (row.input !== 'none') out['400'] = errorRef('The input is not valid; the message names the field');
  if (row.access !== 'public') out['401'] = errorRef('No token, or one that is invalid or has ended');
  if (row.access === 'gp') out['403'] = errorRef('Only general partners can do that');
  if (row.input === 'id' || row.input === 'id+body') out['404'] = errorRef('No such record');
  if (row.bodyLimit) out['413'] = errorRef(row.bodyLimit.message);
  if (row.access === 'public' && row.method !== 'GET') out['429'] = errorRef('Too many attempts; try again later');
  out['503'] = errorRef('The database cannot be reached right now');
  out.default = errorRef('Any other failure, with a readable message');
  return out;
}

function operation(row: RestRoute): Operation {
  const input = inputSchema(row);
  const params = parameters(row, input);
  const body = requestBody(row, input);
  return {
    operationId: row.procedure.replace(/\./g, '_'),
    summary: summaryOf(row.procedure),
    description: `Served by the tRPC procedure \`${row.procedure}\` (also at \`/trpc/${row.procedure}\`). Access: ${row.access}.`,
    tags: [row.path.split('/')[2] ?? 'api'],
    security: row.access === 'public' ? [] : [{ bearer: [] }],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(row),
  };
}

export interface OpenApiOptions {
  version: string;
  /** The server's own origin, for the document's `servers`; relative (`/`) when not known. */
  serverUrl?: string;
}

export function openApiDocument({ version, serverUrl = '/' }: OpenApiOptions): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const row of restRoutes) {
    const path = row.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [row.method.toLowerCase()]: operation(row) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner portal API',
      version,
      description:
        'The REST paths of the partner portal. Sign in with POST /api/users/login and send the token as `Authorization: Bearer <token>`. ' +
        'Money from the portfolio engine is exact decimal text. Every error answers `{"error": "<readable message>"}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    tags: [...new Set(restRoutes.map((r) => r.path.split('/')[2] ?? 'api'))].map((name) => ({
      name,
      description: `The paths under /api/${name}`,
    })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/users/login' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'string', description: 'A readable message for a person' } },
        },
      },
    },
  };
}
