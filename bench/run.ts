/**
 * `pnpm bench`: the speed bar, measured with autocannon on loopback.
 *
 * Creates a fresh PostgreSQL database, starts bench/server.ts in a child process on it, then
 * loads, in order, a bare Fastify route (the machine's ceiling), GET /api/ping, the tRPC call of
 * the same procedure and GET /api/holdings signed in with 200 lots, then GET /api/holdings on a
 * second server process on the embedded database (PGlite in a temporary folder), each at
 * saturation and at a fixed rate. Prints a table and the targets, writes bench-results/bench-<time>.json and
 * bench-results/latest.json, and drops the database, also on failure and Ctrl-C.
 *
 * Then the scale step (bench/scale.ts; `pnpm bench --scale` or BENCH_ONLY=scale runs it alone): the books
 * at 200, 2,000 and 20,000 lots, every partner's read at 10 connections, writes and the first reads after them.
 *
 * Then the imports step (bench/imports.ts; BENCH_ONLY=imports runs it alone): preview and commit of a
 * 10,000-line CSV on the embedded database and on a fresh PostgreSQL database, in-process.
 *
 * Then the Lighthouse step (bench/lighthouse.ts): the built app's public pages and both
 * dashboards, signed in, in Debian's Chromium, each score beside its target (`pnpm build` first).
 *
 * Settings (environment): BENCH_DATABASE_URL, BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3),
 * BENCH_CONNECTIONS (100), BENCH_RATE (500), BENCH_RATE_CONNECTIONS (10),
 * BENCH_ONLY (comma-separated scenario ids, `lighthouse`, `scale` or `imports` for that step alone),
 * BENCH_IMPORT_LINES (10000, the imports step's file),
 * BENCH_LIGHTHOUSE_RUNS (3, the median is reported), BENCH_LIGHTHOUSE_PAGES (comma-separated paths),
 * BENCH_APP_ROOT (measure another checkout's build), BENCH_CHROMIUM (/usr/bin/chromium), BENCH_CPU_PROF=1 (the server writes a .cpuprofile
 * to bench-results/profiles).
 *
 * Exit code 0 when every scenario ran (a MISS included), 1 when the bench could not run or a
 * scenario got non-2xx answers or connection errors.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { isDeepStrictEqual } from 'node:util';
import { openPostgres, type Database } from '../server/src/db/open';
import { buildBenchServer } from './build-server';
import { formatLighthouse, isLighthouseError, runLighthouse, runLoginPaint, type LighthouseResult } from './lighthouse';
import { formatLoginPaint, type LoginPaintResult } from './login-paint';
import { runLoad, stopLoad, type RunStats } from './load';
import { formatScale, runScale, type ScaleResult } from './scale';
import { formatImports, runImports, type ImportsResult } from './imports';
import { formatResults, formatTargets, judgeTargets, type ScenarioId, type ScenarioResult } from './report';
import { SEEDED_LOTS, USAGE_PATH, type ServerReady, type ServerUsage } from './shared';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS_DIR = join(ROOT, 'bench-results');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

class BenchError extends Error {}

interface Settings {
  adminUrl: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rate: number;
  rateConnections: number;
  only: ScenarioId[] | null;
  /** The Lighthouse step runs (BENCH_ONLY unset, or naming `lighthouse`). */
  lighthouse: boolean;
  cpuProfile: boolean;
  /** The scale step (bench/scale.ts) runs: `--scale`, BENCH_ONLY unset or naming `scale`. */
  scale: boolean;
  /** The imports step (bench/imports.ts) runs: BENCH_ONLY unset or naming `imports`. */
  imports: boolean;
}

interface Scenario {
  id: ScenarioId;
  label: string;
  /** The bare route, the app on the PostgreSQL server, or the app on the embedded database. */
  server: 'bare' | 'app' | 'embedded';
  path: string;
  signedIn: boolean;
  /** Checks one answer's body; returns what is wrong, or null. */
  check(body: unknown, bareBody: unknown): string | null;
}

function checkHoldings(body: unknown): string | null {
  if (!Array.isArray(body)) return 'not an array';
  if (body.length !== SEEDED_LOTS) return `${body.length} lots instead of ${SEEDED_LOTS}`;
  const unpriced = body.filter((lot: { lastPrice?: unknown }) => typeof lot.lastPrice !== 'number').length;
  return unpriced === 0 ? null : `${unpriced} lots without a cached quote`;
}

const SCENARIOS: Scenario[] = [
  {
    id: 'bare',
    label: 'bare Fastify GET /bare',
    server: 'bare',
    path: '/bare',
    signedIn: false,
    check: (body) => (typeof (body as { message?: unknown } | null)?.message === 'string' ? null : 'not { message }'),
  },
  {
    id: 'rest-ping',
    label: 'REST GET /api/ping',
    server: 'app',
    path: '/api/ping',
    signedIn: false,
    check: (body, bare) => (isDeepStrictEqual(body, bare) ? null : 'not the same JSON as the bare route'),
  },
  {
    id: 'trpc-ping',
    label: 'tRPC GET /trpc/ping',
    server: 'app',
    path: '/trpc/ping',
    signedIn: false,
    check: (body, bare) =>
      isDeepStrictEqual((body as { result?: { data?: unknown } } | null)?.result?.data, bare) ? null : 'result.data is not the ping JSON',
  },
  {
    id: 'holdings',
    label: `REST GET /api/holdings (${SEEDED_LOTS} lots)`,
    server: 'app',
    path: '/api/holdings',
    signedIn: true,
    check: checkHoldings,
  },
  {
    id: 'holdings-embedded',
    label: `REST GET /api/holdings (${SEEDED_LOTS} lots), embedded`,
    server: 'embedded',
    path: '/api/holdings',
    signedIn: true,
    check: checkHoldings,
  },
];

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new BenchError(`${name} must be a positive number (got "${raw}")`);
  return value;
}

function readSettings(): Settings {
  const onlyRaw = process.argv.includes('--scale') ? 'scale' : process.env.BENCH_ONLY?.trim();
  const ids = SCENARIOS.map((s) => s.id);
  const requested = onlyRaw ? onlyRaw.split(',').map((s) => s.trim()) : null;
  const steps = ['lighthouse', 'scale', 'imports'];
  const unknown = requested?.filter((id) => !steps.includes(id) && !ids.includes(id as ScenarioId)) ?? [];
  if (unknown.length > 0)
    throw new BenchError(`BENCH_ONLY: unknown scenario ${unknown.join(', ')} (known: ${[...ids, ...steps].join(', ')})`);
  const only = requested?.filter((id) => !steps.includes(id)) ?? null;
  return {
    adminUrl: process.env.BENCH_DATABASE_URL?.trim() || DEFAULT_DATABASE_URL,
    seconds: positiveNumber('BENCH_SECONDS', 10),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 3),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 100)),
    rate: Math.round(positiveNumber('BENCH_RATE', 500)),
    rateConnections: Math.round(positiveNumber('BENCH_RATE_CONNECTIONS', 10)),
    only: only as ScenarioId[] | null,
    lighthouse: !requested || requested.includes('lighthouse'),
    cpuProfile: process.env.BENCH_CPU_PROF === '1',
    scale: !requested || requested.includes('scale'),
    imports: !requested || requested.includes('imports'),
  };
}

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

/** Starts the built bench server (bench/build-server.ts) and waits for its `{ barePort, appPort, token }` line. */
function startServer(
  serverFile: string,
  database: { url: string } | { embeddedDir: string },
  settings: Settings,
  extraEnv: Record<string, string> = {},
): { child: ChildProcess; ready: Promise<ServerReady> } {
  const nodeArgs: string[] = [];
  if (settings.cpuProfile) {
    const dir = join(RESULTS_DIR, 'profiles');
    mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const child = spawn(process.execPath, [...nodeArgs, serverFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: 'url' in database ? database.url : '',
      BENCH_EMBEDDED_DIR: 'embeddedDir' in database ? database.embeddedDir : '',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      MARKET_DATA_PROVIDER: 'simulated',
      MARKET_REFRESH_SECONDS: '0',
      LOG_LEVEL: 'silent',
      CLIENT_DIST: '/nonexistent',
      // The bench's partners sign in with a password only: what is measured is their reads, not enrolment.
      REQUIRE_GP_SECOND_FACTOR: '0',
      // Whatever the shell has set, the bench measures the plain setup.
      REDIS_URL: '',
      SMTP_URL: '',
      // No quarter-end statements rendered for every seeded LP while the reads are measured (docs/decisions/0021).
      DOCUMENT_JOBS: '0',
      GOOGLE_CLIENT_ID: '',
      TRUST_PROXY: '',
      CORS_ORIGINS: '',
      SEED_DEMO: '',
      OPENAI_API_KEY: '',
      BENCH_SCALE: '',
      ...extraEnv,
    },
  });
  const ready = new Promise<ServerReady>((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    let settled = false;
    const timer = setTimeout(() => fail(new BenchError('the bench server did not start within 120 s')), 120_000);
    function fail(err: Error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
    }
    lines.on('line', (line) => {
      if (settled) return void process.stderr.write(`bench server: ${line}\n`);
      try {
        const parsed = JSON.parse(line) as ServerReady;
        if (typeof parsed.barePort !== 'number' || typeof parsed.appPort !== 'number' || typeof parsed.token !== 'string') {
          throw new Error('incomplete');
        }
        settled = true;
        clearTimeout(timer);
        resolvePromise(parsed);
      } catch {
        fail(new BenchError(`the bench server printed an unexpected line: ${line.slice(0, 200)}`));
      }
    });
    child.once('exit', (code, signal) => fail(new BenchError(`the bench server exited (${signal ?? `code ${code}`}) before it was ready`)));
    child.once('error', (err) => fail(new BenchError(`the bench server could not be started: ${err.message}`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await withTimeout(
    exited.then(() => false),
    10_000,
    true,
  );
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}

async function fetchBody(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: text };
  }
}

async function serverUsage(ready: ServerReady): Promise<ServerUsage> {
  try {
    return (await fetchBody(`http://127.0.0.1:${ready.barePort}${USAGE_PATH}`, {})).body as ServerUsage;
  } catch (err) {
    throw new BenchError(`the bench server stopped answering (${err instanceof Error ? err.message : String(err)})`);
  }
}

let interrupted = false;

/** The server process on the PostgreSQL server, and one on the embedded database, started when a scenario needs it. */
interface Servers {
  main: ServerReady;
  embedded(): Promise<ServerReady>;
}

async function runScenarios(servers: Servers, settings: Settings): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const scenarios = SCENARIOS.filter((s) => !settings.only || settings.only.includes(s.id));
  const bareBody = (await fetchBody(`http://127.0.0.1:${servers.main.barePort}/bare`, {})).body;
  for (const scenario of scenarios) {
    const ready = scenario.server === 'embedded' ? await servers.embedded() : servers.main;
    const url = `http://127.0.0.1:${scenario.server === 'bare' ? ready.barePort : ready.appPort}${scenario.path}`;
    const headers: Record<string, string> = scenario.signedIn ? { authorization: `Bearer ${ready.token}` } : {};
    const result: ScenarioResult = {
      id: scenario.id,
      label: scenario.label,
      failed: null,
      saturation: null,
      rate: null,
      ratioToBare: null,
    };
    results.push(result);

    const first = await fetchBody(url, headers);
    const wrong =
      first.status === 200 ? scenario.check(first.body, bareBody) : `status ${first.status}: ${JSON.stringify(first.body).slice(0, 200)}`;
    if (wrong) {
      result.failed = `first answer: ${wrong}`;
      log(`${scenario.label}: FAILED, ${result.failed}`);
      continue;
    }

    const run = async (what: string, seconds: number, connections: number, overallRate?: number): Promise<RunStats> => {
      if (interrupted) throw new BenchError('interrupted');
      log(`${scenario.label}: ${what}, ${seconds} s at ${connections} connections${overallRate ? `, ${overallRate} req/s` : ''}`);
      const before = await serverUsage(ready);
      const stats = await runLoad({ url, headers, connections, seconds, overallRate });
      const after = await serverUsage(ready);
      const busy = after.active - before.active;
      stats.server = {
        cpuMsPerRequest: (after.cpuMicros - before.cpuMicros) / 1000 / Math.max(1, stats.requestsTotal),
        eventLoopUtilization: busy / Math.max(1, busy + after.idle - before.idle),
      };
      if (interrupted) throw new BenchError('interrupted');
      if (stats.non2xx > 0 || stats.errors > 0) {
        const codes = Object.entries(stats.statusCodes)
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, n]) => `${n}×${code}`);
        const problem = `${what}: ${stats.non2xx} non-2xx${codes.length ? ` (${codes.join(', ')})` : ''}, ${stats.errors} errors (${stats.timeouts} timeouts)`;
        result.failed = result.failed ? `${result.failed}; ${problem}` : problem;
      }
      await sleep(500);
      return stats;
    };

    await run('warm-up', settings.warmupSeconds, settings.connections);
    result.saturation = await run('saturation', settings.seconds, settings.connections);
    result.rate = await run('fixed rate', settings.seconds, settings.rateConnections, settings.rate);
    if (result.failed) log(`${scenario.label}: FAILED, ${result.failed}`);
  }
  const bare = results.find((r) => r.id === 'bare');
  for (const r of results) {
    if (bare?.saturation && !bare.failed && r.saturation) r.ratioToBare = r.saturation.requestsPerSec / bare.saturation.requestsPerSec;
  }
  return results;
}

async function main(): Promise<number> {
  const settings = readSettings();
  const admin: Database = openPostgres(settings.adminUrl, 1);
  let child: ChildProcess | undefined;
  let embeddedChild: ChildProcess | undefined;
  let embeddedDir: string | undefined;
  let databaseName: string | undefined;
  // The scale step's server and database (bench/scale.ts), one size at a time, with a connection of its own.
  let scaleDatabase: string | undefined;
  let scaleChild: ChildProcess | undefined;
  let scaleAdmin: Database | undefined;
  const dropScaleDatabase = async () => {
    const name = scaleDatabase;
    scaleDatabase = undefined;
    if (!name || !scaleAdmin) return;
    try {
      await scaleAdmin.db.execute(`drop database if exists ${name} with (force)`);
    } catch (err) {
      log(`could not drop database ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const scaleCleanup = async () => {
    if (scaleChild) await stopServer(scaleChild);
    await dropScaleDatabase();
    if (scaleAdmin) await withTimeout(scaleAdmin.close(), 5_000, undefined);
    scaleAdmin = undefined;
  };

  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      stopLoad();
      if (child) await stopServer(child);
      if (embeddedChild) await stopServer(embeddedChild);
      if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
      if (databaseName) {
        try {
          await admin.db.execute(`drop database if exists ${databaseName} with (force)`);
        } catch (err) {
          log(`could not drop database ${databaseName}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      await withTimeout(admin.close(), 5_000, undefined);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping and dropping the bench database`);
    void Promise.all([cleanup(), scaleCleanup()]).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Before anything of ours runs: other work on the machine skews every figure.
  const loadBefore = os.loadavg()[0] ?? 0;
  if (loadBefore > os.cpus().length / 2) {
    log(
      `warning: the machine is busy (1-minute load average ${loadBefore.toFixed(2)} on ${os.cpus().length} CPUs); the figures will be low`,
    );
  }

  const startedAt = new Date();
  const runsLoad = settings.only === null || settings.only.length > 0;
  let results: ScenarioResult[] = [];
  let targets: ReturnType<typeof judgeTargets> = [];
  let postgresVersion = 'not used';
  try {
    if (runsLoad) {
      if (!(await withTimeout(admin.ping(), 5_000, false))) {
        throw new BenchError(
          `PostgreSQL does not answer at ${shown(settings.adminUrl)} (start it, or set BENCH_DATABASE_URL to a server where you may create databases)`,
        );
      }
      // postgres.js answers with the rows themselves.
      const [version] = (await admin.db.execute(`select current_setting('server_version') as version`)) as unknown as { version: string }[];
      postgresVersion = version?.version ?? 'unknown';
      databaseName = `bench_${process.pid}_${Date.now()}`;
      await admin.db.execute(`create database ${databaseName}`);
      const url = new URL(settings.adminUrl);
      url.pathname = `/${databaseName}`;
      log(`database ${databaseName} created; building and starting the bench server`);
      const serverFile = await buildBenchServer(ROOT);

      const started = startServer(serverFile, { url: url.toString() }, settings);
      child = started.child;
      const ready = await started.ready;
      let embedded: Promise<ServerReady> | undefined;
      const servers: Servers = {
        main: ready,
        embedded: () =>
          (embedded ??= (() => {
            embeddedDir = mkdtempSync(join(os.tmpdir(), 'bench-embedded-'));
            log(`starting a second bench server on an embedded database in ${embeddedDir}`);
            const second = startServer(serverFile, { embeddedDir }, settings);
            embeddedChild = second.child;
            return second.ready;
          })()),
      };
      results = await runScenarios(servers, settings);
      targets = judgeTargets(results);
      // The load is over: the server and its database go before Lighthouse measures.
      await cleanup();

      console.log('');
      console.log(formatResults(results));
      console.log('server CPU ms/req: CPU time of the server process per answered request (PostgreSQL not included);');
      console.log('server busy: share of the run its event loop was busy (near 100% = the server was the bottleneck).');
      console.log('');
      console.log(formatTargets(targets));
    }

    let scale: ScaleResult[] = [];
    if (settings.scale) {
      scaleAdmin = openPostgres(settings.adminUrl, 1);
      if (!(await withTimeout(scaleAdmin.ping(), 5_000, false))) {
        throw new BenchError(
          `PostgreSQL does not answer at ${shown(settings.adminUrl)} (start it, or set BENCH_DATABASE_URL to a server where you may create databases)`,
        );
      }
      const serverFile = await buildBenchServer(ROOT);
      const admin = scaleAdmin;
      try {
        scale = await runScale({
          resultsDir: RESULTS_DIR,
          log,
          createDatabase: async () => {
            scaleDatabase = `bench_scale_${process.pid}_${Date.now()}`;
            await admin.db.execute(`create database ${scaleDatabase}`);
            const url = new URL(settings.adminUrl);
            url.pathname = `/${scaleDatabase}`;
            return url.toString();
          },
          dropDatabase: dropScaleDatabase,
          startServer: (url, env) => {
            const started = startServer(serverFile, { url }, settings, env);
            scaleChild = started.child;
            return started;
          },
          stopServer: async (server) => {
            await stopServer(server);
            if (scaleChild === server) scaleChild = undefined;
          },
          serverUsage,
          interrupted: () => interrupted,
        });
      } finally {
        await scaleCleanup();
      }
      console.log('');
      console.log(formatScale(scale));
    }

    let imports: ImportsResult[] = [];
    if (settings.imports) {
      const importsAdmin = openPostgres(settings.adminUrl, 1);
      const reachable = await withTimeout(importsAdmin.ping(), 5_000, false);
      if (!reachable)
        log(`PostgreSQL does not answer at ${shown(settings.adminUrl)}: the imports step measures the embedded database only`);
      const importsDatabase = `bench_imports_${process.pid}_${Date.now()}`;
      try {
        imports = await runImports({
          log,
          createDatabase: reachable
            ? async () => {
                await importsAdmin.db.execute(`create database ${importsDatabase}`);
                const url = new URL(settings.adminUrl);
                url.pathname = `/${importsDatabase}`;
                return url.toString();
              }
            : null,
          dropDatabase: async () => {
            await importsAdmin.db.execute(`drop database if exists ${importsDatabase} with (force)`);
          },
        });
      } finally {
        await withTimeout(importsAdmin.close(), 5_000, undefined);
      }
      console.log('');
      console.log(formatImports(imports));
    }

    let lighthouse: LighthouseResult[] = [];
    let lighthouseFailed: string | null = null;
    let loginPaint: LoginPaintResult | null = null;
    if (settings.lighthouse) {
      try {
        lighthouse = await runLighthouse(log);
      } catch (err) {
        if (!isLighthouseError(err)) throw err;
        lighthouseFailed = err.message;
        log(`Lighthouse could not run: ${err.message}`);
      }
      if (lighthouse.length > 0) {
        console.log('');
        console.log(formatLighthouse(lighthouse));
      }
      try {
        loginPaint = await runLoginPaint(log);
        console.log('');
        console.log(formatLoginPaint(loginPaint));
      } catch (err) {
        if (!isLighthouseError(err)) throw err;
        log(`LOG IN -> paint could not run: ${err.message}`);
      }
    }

    const report = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      settings: {
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
        connections: settings.connections,
        rate: settings.rate,
        rateConnections: settings.rateConnections,
        lots: SEEDED_LOTS,
      },
      machine: {
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        postgres: postgresVersion,
        /** One-minute load averages, before the bench started and when it ended. */
        loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
      },
      scenarios: results,
      targets,
      scale,
      imports,
      lighthouse: settings.lighthouse ? { pages: lighthouse, failed: lighthouseFailed } : null,
      loginToPaint: loginPaint,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(file, json);
    writeFileSync(join(RESULTS_DIR, 'latest.json'), json);
    console.log('');
    console.log(
      `Machine: ${os.cpus().length} CPUs, Node ${process.version}, PostgreSQL ${postgresVersion}; load average ${loadBefore.toFixed(2)} before the run, ${(os.loadavg()[0] ?? 0).toFixed(2)} after`,
    );
    console.log(`Results: ${file.slice(ROOT.length + 1)} (and bench-results/latest.json)`);

    const failed = [
      ...results.filter((r) => r.failed).map((r) => r.id),
      ...scale.flatMap((r) => r.rows.filter((row) => row.failed).map((row) => `scale ${r.size.name} ${row.id}`)),
      ...(lighthouseFailed ? ['lighthouse'] : []),
      ...lighthouse.filter((r) => r.failed).map((r) => `lighthouse ${r.path}`),
    ];
    if (failed.length > 0) {
      log(`failed: ${failed.join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (interrupted) return;
    log(err instanceof BenchError ? err.message : `could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
