import type { FastifyInstance, onSendHookHandler } from 'fastify';

/**
 * tRPC's Fastify adapter answers with a Fetch `Response`, which Fastify (and the compression
 * plugin) would send as a web stream: measured, that costs more than the call itself. The
 * answers here are never streamed (the client batches with httpBatchLink; there are no
 * subscriptions), so the body is read as text once and sent as a plain string, which the
 * compression plugin then compresses in one step when the client accepts it.
 */
const responseAsText: onSendHookHandler = (_req, reply, payload, done) => {
  if (!(payload instanceof Response)) {
    done(null, payload);
    return;
  }
  reply.code(payload.status);
  payload.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  payload.text().then(
    (text) => done(null, text),
    (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
  );
};

/** In the tRPC plugin's scope only: the REST routes and pages never carry a Response. */
export function sendTrpcResponsesAsText(scope: FastifyInstance): void {
  scope.addHook('onSend', responseAsText);
}
