import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './support/harness';
import { openSocket, parseAnswer, portOf, rawRequest, readUntilClosed } from './support/raw-http';

/**
 * What one client's connections may hold: a request must arrive whole within REQUEST_TIMEOUT_SECONDS,
 * and one address may keep at most MAX_CONNECTIONS_PER_IP connections open. Transport only: the
 * database plays no part, so this runs on the embedded one.
 */

const HEALTHZ = 'GET /healthz HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n';

async function listening(env: Record<string, string>): Promise<{ h: Harness; port: number }> {
  const h = await createHarness('pglite', { env });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  return { h, port: portOf(h.app) };
}

describe('a request that never arrives whole', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    ({ h, port } = await listening({ REQUEST_TIMEOUT_SECONDS: '1' }));
  });
  afterAll(async () => {
    await h.close();
  });

  it.each([
    [
      'a body that stops after one byte',
      'POST /api/users/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    ],
    ['headers that never end', 'GET /healthz HTTP/1.1\r\nHost: portal.test\r\nX-Slow: '],
  ])('closes the connection of %s with 408 after the timeout, while /healthz answers', async (_what, start) => {
    const socket = await openSocket(port);
    const sent = Date.now();
    let closedAt: number | undefined;
    const answer = readUntilClosed(socket).then((raw) => {
      closedAt = Date.now();
      return raw;
    });
    socket.write(start);

    expect((await rawRequest(port, HEALTHZ)).status).toBe(200);
    await expect.poll(() => closedAt !== undefined).toBe(true);
    expect(parseAnswer(await answer).status).toBe(408);
    // Not before the timeout (one second); and it did close, which without a timeout it never does.
    expect((closedAt ?? 0) - sent).toBeGreaterThanOrEqual(900);
  });
});

describe('connections per client address', () => {
  let h: Harness;
  let port: number;
  const held: Socket[] = [];
  beforeAll(async () => {
    ({ h, port } = await listening({ MAX_CONNECTIONS_PER_IP: '5' }));
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await h.close();
  });

  it('refuses connections past the cap from one address while another address still gets in', async () => {
    for (let i = 0; i < 5; i++) held.push(await openSocket(port));
    // Every further connection from 127.0.0.1 is closed without an answer.
    const refused = await rawRequest(port, HEALTHZ);
    expect(refused.body.length).toBe(0);
    expect(Number.isNaN(refused.status)).toBe(true);

    const other = await openSocket(port, '127.0.0.2');
    const otherAnswer = readUntilClosed(other);
    other.write(HEALTHZ);
    expect(parseAnswer(await otherAnswer).status).toBe(200);

    // A held connection closed makes room for one more.
    held.pop()?.destroy();
    await expect.poll(async () => (await rawRequest(port, HEALTHZ)).status).toBe(200);
  });

  it('does not cap behind a proxy (TRUST_PROXY), where every connection is the proxy', async () => {
    const proxied = await listening({ MAX_CONNECTIONS_PER_IP: '5', TRUST_PROXY: '1' });
    const sockets = await Promise.all(Array.from({ length: 8 }, () => openSocket(proxied.port)));
    try {
      expect((await rawRequest(proxied.port, HEALTHZ)).status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await proxied.h.close();
    }
  });
});
