import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { unavailableCode } from '../db/errors';
import type { Download } from '../services/capital/downloads';
import type { AppServices } from '../app-services';
import { contextFromRequest, type Context } from '../trpc/context';
import { clientErrorFromDatabase } from '../trpc/database-input-errors';
import { flagFields, publicMessage, trpcErrorOf } from '../trpc/errors';
import { appRouter } from '../routers';
import type { ProcedurePath } from '../routers';
import { COMPRESSION_THRESHOLD_BYTES } from '../http/compression';
import { procedureRunner } from './run-procedure';
import { restRoutes, type InputFrom } from './table';
import { compressedBody, preferredEncoding, serializedOf, serializedText, type Serialized } from '../platform/serialized';

/**
 * An answer kept with its bytes (computed once per change of the books): sent with its ETag (the
 * client may keep its copy until then: 304), compressed once, not once per request.
 */
async function sendKept(req: FastifyRequest, reply: FastifyReply, serialized: Serialized): Promise<FastifyReply> {
  reply.header('ETag', serialized.etag).header('Cache-Control', 'private, no-cache');
  reply.header('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === serialized.etag) return reply.code(304).send();
  const encoding = serialized.body.length < COMPRESSION_THRESHOLD_BYTES ? null : preferredEncoding(req.headers['accept-encoding']);
  if (encoding) return reply.header('Content-Encoding', encoding).send(await compressedBody(serialized, encoding));
  return reply.send(serialized.body);
}

/** The path's ids (:id, :userId) by name. */
function idsOf(req: FastifyRequest): Record<string, number | string> {
  const params = (req.params ?? {}) as Record<string, string>;
  // Digits become a number (15 digits stay exact) for the procedure's id schema (contract/fields.ts
  // idField) to check against the id column's range; anything else fails it as text.
  return Object.fromEntries(Object.entries(params).map(([name, raw]) => [name, /^[0-9]{1,15}$/.test(raw) ? Number(raw) : raw]));
}

function inputOf(from: InputFrom, req: FastifyRequest): unknown {
  if (from === 'body') return req.body ?? {};
  if (from === 'id') return idsOf(req);
  if (from === 'id+body') {
    const body = req.body ?? {};
    // A body that is not an object is passed on as it is, for the schema to refuse.
    return typeof body === 'object' && !Array.isArray(body) && body !== null ? { ...body, ...idsOf(req) } : body;
  }
  if (from === 'query') return { ...(req.query as Record<string, unknown>) };
  return undefined;
}

/**
 * An attachment's Content-Disposition: the name as ASCII (anything else becomes _) for old clients,
 * and in full as UTF-8 (RFC 6266, RFC 8187), so a partner's download keeps its name.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The procedures have already turned database failures into 503s and refused values into 400s (trpc/init.ts). */
export function sendError(reply: FastifyReply, err: unknown): FastifyReply {
  const error = trpcErrorOf(err);
  const status = getHTTPStatusCodeFromError(error);
  const unavailable = error.code === 'SERVICE_UNAVAILABLE' ? unavailableCode(error.cause) : undefined;
  // The database cannot be reached: logged as one short line.
  if (unavailable) reply.log.warn({ code: unavailable }, 'database unavailable');
  else if (error.code === 'BAD_REQUEST' && clientErrorFromDatabase(error.cause))
    reply.log.warn({ err: error.cause }, 'the database refused a value of the request');
  // A feature left off (Google without GOOGLE_CLIENT_ID) is the setup, not a failure: one line, no stack.
  else if (error.code === 'NOT_IMPLEMENTED') reply.log.warn(`${reply.request.method} ${reply.request.url}: ${error.message}`);
  else if (status >= 500) reply.log.error({ err: error.cause ?? error }, 'request failed');
  return reply.code(status).send({ error: publicMessage(error), ...flagFields(error) });
}

/** The procedure behind a REST row, looked up once at start; its middlewares, schemas and errors are the tRPC path's own. */
function procedureAt(path: ProcedurePath): (ctx: Context, input: unknown) => Promise<unknown> {
  const procedure = (appRouter._def.procedures as Record<string, unknown>)[path] as { _def: unknown } | undefined;
  if (typeof procedure !== 'function') throw new Error(`The REST table names ${path}, which is no procedure`);
  return procedureRunner(path, procedure);
}

/** The REST adapters: each path calls its procedure with the request's context; no logic lives here. */
export function registerRest(app: FastifyInstance, deps: AppServices): void {
  for (const r of restRoutes) {
    const call = procedureAt(r.procedure);
    app.route({
      method: r.method,
      url: r.path,
      ...(r.bodyLimit ? { bodyLimit: r.bodyLimit.bytes, config: { tooLargeMessage: r.bodyLimit.message } } : {}),
      handler: async (req, reply) => {
        try {
          const result = await call(contextFromRequest(deps, req), inputOf(r.input, req));
          if (r.csv) {
            reply
              .code(r.status ?? 200)
              .type('text/csv; charset=utf-8')
              .header('Content-Disposition', `attachment; filename="${r.csv}"`);
            return await sendKept(req, reply, serializedText(result as string));
          }
          if (r.download) {
            const file = result as Download;
            return reply
              .code(r.status ?? 200)
              .type(file.contentType)
              .header('Content-Disposition', attachmentDisposition(file.fileName))
              .send(Buffer.from(file.body, file.encoding));
          }
          const serialized = serializedOf(result);
          if (serialized) {
            reply.code(r.status ?? 200).type('application/json; charset=utf-8');
            return await sendKept(req, reply, serialized);
          }
          return reply.code(r.status ?? 200).send(result);
        } catch (err) {
          return sendError(reply, err);
        }
      },
    });
  }
}
