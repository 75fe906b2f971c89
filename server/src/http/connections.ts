import type { Server, ServerOptions } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/**
 * How long a client may take over its request, and how long a connection may sit silent. Without a
 * request timeout (Fastify's default is none) a client sending a body one byte at a time, or never
 * finishing it, holds its connection, and a file descriptor, for ever.
 */
export function connectionTimeouts(config: Config): { requestTimeout: number; connectionTimeout: number; http: ServerOptions } {
  const requestMs = config.requestTimeoutSeconds * 1000;
  return {
    requestTimeout: requestMs,
    connectionTimeout: config.idleTimeoutSeconds * 1000,
    http: {
      // The same bound for the headers alone (Node's own default is 60 s), and for the whole request.
      headersTimeout: requestMs,
      requestTimeout: requestMs,
      // Node checks the two timeouts on this period (30 s by default): a quarter of the timeout
      // closes a stalled request within 1.25 times the setting.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestMs / 4))),
    },
  };
}

/**
 * At most `cap` open connections per client address: one past it is closed as soon as it is
 * accepted, before any of its bytes are read, so one address cannot take every file descriptor
 * of the process. Counts are of this process's sockets (the resource it protects is its own).
 */
export function capConnectionsPerAddress(server: Server, cap: number, log: FastifyBaseLogger): void {
  const open = new Map<string, number>();
  /** Addresses over the cap now: one warning when an address reaches it, not one per refusal. */
  const refusing = new Set<string>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      if (!refusing.has(address)) {
        refusing.add(address);
        log.warn({ address, cap }, 'too many connections from one address: refusing new ones (MAX_CONNECTIONS_PER_IP)');
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      refusing.delete(address);
    });
  });
}
