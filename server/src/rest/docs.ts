import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import apiReference from '@scalar/fastify-api-reference';
import { openApiDocument } from './openapi';

export const API_VERSION = '1.0.0';
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The reference page runs Scalar's bundled script, which starts from an inline snippet and
 * styles itself inline; only this page gets a policy that allows that. It loads nothing from
 * other origins and talks only to this server.
 */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

async function docsPolicy(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Content-Security-Policy', DOCS_POLICY);
}

/** GET /api/openapi.json (the document, made once) and the interactive reference at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (_req, reply) => {
    document ??= JSON.stringify(openApiDocument({ version: API_VERSION }));
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });
  await app.register(apiReference, {
    routePrefix: DOCS_PATH,
    logLevel: 'warn',
    hooks: { preHandler: docsPolicy },
    // The reference only: none of Scalar's hosted services (deploy, SDK generation, its AI agent, MCP).
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: 'Partner portal API',
      hideClientButton: true,
      telemetry: false,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
    },
  });
}
