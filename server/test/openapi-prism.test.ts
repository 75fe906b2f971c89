import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/rest/openapi';
import { callEveryPath, CONTRACT_USERS } from './support/contract-calls';
import { databaseKinds } from './support/databases';
import { createHarness, type Harness } from './support/harness';

/**
 * An outside contract tester driven by the document: Stoplight Prism's validating proxy
 * (`prism proxy`) stands in front of the running app, and every call of the contract
 * (support/contract-calls.ts) goes through it as a GP and as an LP. Prism checks each request and
 * each answer against the document and reports what breaks it in an `sl-violations` header (without
 * `--errors`, so the app's own answer still comes back and a failure shows both). A request the
 * calls send on purpose against the document (a stray field) may have request violations; nothing
 * else may, and no answer may: no response violation, and no 5xx from the app.
 */

const prismBin = join(import.meta.dirname, '../../node_modules/@stoplight/prism-cli/dist/index.js');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Violation {
  location?: string[];
  message?: string;
  severity?: string;
}

describe.each(databaseKinds)('Prism validating proxy in front of the app on %s', (kind) => {
  let h: Harness;
  let prism: ChildProcess | undefined;
  let prismOutput = '';
  let proxy = '';
  let dir = '';

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: CONTRACT_USERS.gp, role: 'GP' });
    await h.createUser({ email: CONTRACT_USERS.lp, role: 'LP' });
    const upstream = await h.app.listen({ host: '127.0.0.1', port: 0 });

    dir = mkdtempSync(join(tmpdir(), 'openapi-prism-'));
    const docFile = join(dir, 'openapi.json');
    writeFileSync(docFile, JSON.stringify(openApiDocument({ version: 'test' })));
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    prism = spawn(
      process.execPath,
      [prismBin, 'proxy', docFile, upstream, '--port', String(port), '--host', '127.0.0.1', '--errors=false', '--verboseLevel', 'warn'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    prism.stdout?.on('data', (chunk: Buffer) => (prismOutput += chunk.toString()));
    prism.stderr?.on('data', (chunk: Buffer) => (prismOutput += chunk.toString()));
    // Ready when it answers (a ping through the proxy); no fixed sleep.
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (prism.exitCode !== null) throw new Error(`prism exited with ${prism.exitCode}:\n${prismOutput}`);
      try {
        if ((await fetch(`${proxy}/api/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`prism did not answer within 45 s:\n${prismOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    if (prism && prism.exitCode === null) {
      const exited = new Promise((resolve) => prism?.once('exit', resolve));
      prism.kill('SIGTERM');
      await exited;
    }
    await h.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds no 5xx and no violation of the document in any request or answer, as a GP and as an LP', async () => {
    const login = async (email: string) => {
      const res = await fetch(`${proxy}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Passw0rd!' }),
      });
      expect(res.status, 'login through the proxy').toBe(200);
      expect(res.headers.get('sl-violations'), 'login through the proxy').toBeNull();
      return ((await res.json()) as { token: string }).token;
    };
    const tokens = { gp: await login(CONTRACT_USERS.gp), lp: await login(CONTRACT_USERS.lp) };

    let calls = 0;
    let badCalls = 0;
    let badCallsFlagged = 0;
    const byStatus: Record<string, number> = {};
    const problems: string[] = [];
    await callEveryPath(tokens, async ({ route, url, token, payload, bad }) => {
      const res = await fetch(`${proxy}${url}`, {
        method: route.method,
        headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      const body = await res.text();
      calls += 1;
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      const where = `${route.method} ${url} (${token === tokens.gp ? 'GP' : 'LP'}${bad ? ', bad request' : ''}) → ${res.status}`;
      if (res.status >= 500 && res.status !== 503) problems.push(`${where}: a server error: ${body.slice(0, 200)}`);
      if (bad && res.status < 400) problems.push(`${where}: a request against the document was accepted`);
      const header = res.headers.get('sl-violations');
      if (bad) badCalls += 1;
      if (header) {
        let flagged = false;
        let violations: Violation[];
        try {
          violations = JSON.parse(header) as Violation[];
        } catch {
          violations = [{ location: ['response'], message: header }];
        }
        for (const v of violations) {
          const side = v.location?.[0];
          if (side === 'request' && bad) {
            flagged = true;
            continue;
          }
          problems.push(`${where}: ${v.severity ?? ''} ${v.location?.join('.') ?? ''}: ${v.message ?? ''}`);
        }
        if (flagged) badCallsFlagged += 1;
      }
      return { statusCode: res.status, body };
    });

    console.info(
      `Prism proxy (${kind}): ${calls} calls, by status ${JSON.stringify(byStatus)}, ${problems.length} violations or server errors, ` +
        `Prism flagged ${badCallsFlagged} of the ${badCalls} deliberately bad requests (the app answered each 4xx)`,
    );
    if (problems.length > 0) console.info(problems.join('\n'));
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(100);
    // Prism really checks: it flags every request the calls make against the document on purpose.
    expect(badCallsFlagged).toBe(badCalls);
    expect(Object.keys(byStatus)).toEqual(expect.arrayContaining(['200', '201', '400', '403', '404']));
    // Some 300 calls through a second process: on a loaded machine, well past the default 30 s.
  }, 180_000);
});
