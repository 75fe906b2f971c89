import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { createHarness, type Harness } from './support/harness';
import { LEVEL, captureLogs } from './support/logs';
import { openSocket, portOf, rawRequest, readUntilClosed } from './support/raw-http';

/** What goes over the wire, read from a raw socket: framing, Vary, and what an aborted request leaves in the log. */

const ORIGIN = 'https://app.example.test';

describe.each(databaseKinds)('HTTP framing and headers on %s', (kind) => {
  let h: Harness;
  let port: number;
  const logs = captureLogs();

  beforeAll(async () => {
    h = await createHarness(kind, { logger: logs.logger, env: { CORS_ORIGINS: ORIGIN } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = portOf(h.app);
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers a tRPC call that asks for a stream (jsonl) with one framing: a length, no chunked encoding', async () => {
    const answer = await rawRequest(
      port,
      'GET /trpc/ping?batch=1&input=%7B%7D HTTP/1.1\r\nHost: portal.test\r\ntrpc-accept: application/jsonl\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('transfer-encoding')).toBeUndefined();
    expect(answer.headers.get('content-length')).toEqual([String(answer.body.length)]);
    expect(answer.body.toString()).toContain('Welcome! The partner portal is online.');
  });

  it.each([
    ['tRPC', '/trpc/ping'],
    ['REST', '/api/ping'],
  ])('says Vary: Origin on a %s answer that grants an origin', async (_name, path) => {
    const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: portal.test\r\nOrigin: ${ORIGIN}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toEqual([ORIGIN]);
    const vary = (answer.headers.get('vary') ?? []).flatMap((v) => v.split(',').map((n) => n.trim().toLowerCase()));
    expect(vary).toContain('origin');
  });

  it.each(['/api/users/login', '/trpc/auth.login'])(
    'logs a client that hangs up mid-body (%s) as such, not as a database outage',
    async (path) => {
      const socket = await openSocket(port);
      const closed = readUntilClosed(socket);
      socket.write(`POST ${path} HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      // The request has reached the route once the server has logged it.
      await expect
        .poll(() => logs.lines.some((l) => l.msg === 'incoming request' && (l.req as { url?: string } | undefined)?.url === path))
        .toBe(true);
      socket.destroy();
      await closed;

      const requestIds = () => logs.lines.filter((l) => (l.req as { url?: string } | undefined)?.url === path).map((l) => l.reqId);
      const linesOfRequest = () => logs.lines.filter((l) => requestIds().includes(l.reqId));
      await expect
        .poll(() => linesOfRequest().some((l) => l.msg === 'the client closed the connection before its request was complete'))
        .toBe(true);
      expect(linesOfRequest().filter((l) => l.level >= LEVEL.warn)).toEqual([]);
      expect(logs.text()).not.toContain('database unavailable');
    },
  );
});
