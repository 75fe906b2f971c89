import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter, inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import { compressedBody, keptBatch, preferredEncoding, SerializedSlots } from '../platform/serialized';
import { exactInputInUrl, exactJsonText } from './exact-json';

export interface TrpcRouteOptions<TRouter extends AnyRouter> {
  prefix: string;
  router: TRouter;
  createContext: (req: FastifyRequest) => inferRouterContext<TRouter>;
  maxBatchSize: number;
  onError: HTTPErrorHandler<TRouter, Request>;
  /** Procedures called alone (not batched) whose input may be larger than the app's body limit: a document's upload. */
  largeBodies?: { paths: readonly string[]; bytes: number; message: string };
}

/**
 * How tRPC would frame a streamed answer (jsonl: transfer-encoding chunked). The answer is sent here
 * as one text, which Fastify frames itself with its length: one framing, never both.
 */
const FRAMING_HEADERS = new Set(['transfer-encoding', 'content-length', 'connection']);

/** tRPC's Vary names added to what is there already (CORS's Origin), each once. */
function mergeVary(existing: unknown, added: string): string {
  const names = [...(typeof existing === 'string' ? existing.split(',') : []), ...added.split(',')].map((n) => n.trim()).filter(Boolean);
  const seen = new Set<string>();
  return names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase())).join(', ');
}

/**
 * tRPC on Fastify, as tRPC's fastifyTRPCPlugin does it (the same content-type parsers, the same
 * Fetch `Request` from tRPC's incomingMessageToRequest, tRPC's resolveResponse for the protocol),
 * with two differences measured in a CPU profile of `GET /trpc/ping`:
 * - no per-request copies of the options: the plugin's transpiled object spreads (of its options,
 *   then of them again for the context and for resolveResponse) were the largest tRPC item left;
 * - the answer is sent as text: as a Fetch `Response` Fastify (and the compression plugin) would
 *   send it as a web stream, which cost more than the call itself. The answers here are never
 *   streamed (the client batches with httpBatchLink; there are no subscriptions).
 * And one addition (docs/decisions/0022): answers kept with their JSON (the valuation, the history,
 * …) are not serialized again; their bytes are spliced into the batch's text, and a query's answer
 * that holds one gets an ETag (304 while unchanged) and is compressed once per distinct batch.
 */
export async function registerTrpcRoute<TRouter extends AnyRouter>(app: FastifyInstance, opts: TrpcRouteOptions<TRouter>): Promise<void> {
  const { router, createContext, maxBatchSize, onError } = opts;
  await app.register(async (scope) => {
    // tRPC reads the body itself: JSON as the text sent, form data as the raw request.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

    const handler = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
      const raw: IncomingMessage & { body?: unknown } = req.raw;
      // Read by incomingMessageToRequest instead of the stream, which Fastify has consumed.
      raw.body = typeof req.body === 'string' ? exactJsonText(req.body) : req.body;
      if (raw.url) raw.url = exactInputInUrl(raw.url);
      const slots = new SerializedSlots();
      const response = await resolveResponse({
        router,
        req: incomingMessageToRequest(raw, reply.raw, { maxBodySize: null }),
        path,
        error: null,
        createContext: () => Promise.resolve(Object.assign(createContext(req), { serializedSlots: slots })),
        maxBatchSize,
        onError,
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (FRAMING_HEADERS.has(name)) return;
        reply.header(name, name === 'vary' ? mergeVary(reply.getHeader('vary'), value) : value);
      });
      const text = await response.text();
      const spliced = slots.splice(text);
      if (!spliced) return reply.send(text);
      if (req.method !== 'GET' || response.status !== 200) return reply.send(spliced.body);
      const batch = keptBatch(spliced);
      reply.header('ETag', batch.etag).header('Cache-Control', 'private, no-cache');
      reply.header('vary', mergeVary(reply.getHeader('vary'), 'Accept-Encoding'));
      if (req.headers['if-none-match'] === batch.etag) return reply.code(304).send();
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      if (encoding) return reply.header('Content-Encoding', encoding).send(await compressedBody(batch, encoding));
      return reply.send(batch.body);
    };
    scope.all<{ Params: { path: string } }>(`${opts.prefix}/:path`, (req, reply) => handler(req, reply, req.params.path));
    // A static path wins over :path in Fastify's router, so only these calls get the larger limit.
    for (const path of opts.largeBodies?.paths ?? []) {
      scope.post(
        `${opts.prefix}/${path}`,
        { bodyLimit: opts.largeBodies?.bytes, config: { tooLargeMessage: opts.largeBodies?.message } },
        (req, reply) => handler(req, reply, path),
      );
    }
  });
}
