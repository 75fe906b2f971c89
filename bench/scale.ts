/**
 * `pnpm bench --scale` (or BENCH_ONLY=scale): the books at three sizes (bench/scale-seed.ts: S = 200
 * lots, 91 days, 2 LPs; M = 2,000 lots, 1,001 days, 50 LPs; L = 20,000 lots, 3,651 days, 500 LPs),
 * each in a PostgreSQL database of its own, dropped after. Per size, every read a partner makes is
 * loaded at 10 connections (autocannon, BENCH_SCALE_SECONDS each, after a warm-up) with /healthz
 * asked alongside; a read slower than BENCH_SCALE_SLOW_MS on its own is timed once instead of
 * loaded. Then writes (a deposit, a sale) and the first read of each derived figure after one, and
 * quote refreshes (every held symbol's price moved in the quote cache, as the refresh job writes it)
 * with the same first reads after each.
 * Prints p50/p99, the server's CPU per request, the growth from M to L and the targets of
 * docs/benchmarks.md; writes bench-results/scale-<time>.json. BENCH_SCALE_SIZES (S,M,L) picks sizes.
 * With the client built (BENCH_SCALE_CLIENT_DIST, client/dist) and Chromium there, each size also
 * measures the GP dashboard first (bench/dashboard-scale.ts); BENCH_SCALE_DASHBOARD=only measures
 * that alone, =off leaves it out; BENCH_SCALE_PROFILE=1 writes a CPU profile of its last LOG IN to
 * bench-results/profiles/dashboard-<size>.cpuprofile (bench/profile-top.ts reads it).
 */
import type autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPostgres } from '../server/src/db/open';
import { portfolioChanged } from '../server/src/services/portfolio/ledger';
import { CHROMIUM } from './chromium';
import { formatDashboardScale, measureDashboardAtScale, type DashboardScaleResult } from './dashboard-scale';
import { runLoad, statsOf, type RunStats } from './load';
import { SCALE_SIZES, type ScaleSize } from './scale-seed';
import { BENCH_USER, type ServerReady, type ServerUsage } from './shared';

const requireHere = createRequire(import.meta.url);

/** What bench/run.ts lends the scale step: its database, server and usage helpers. */
export interface ScaleHost {
  resultsDir: string;
  log(line: string): void;
  /** A fresh database; its URL. Dropped by dropDatabase or the host's cleanup. */
  createDatabase(): Promise<string>;
  dropDatabase(): Promise<void>;
  startServer(databaseUrl: string, env: Record<string, string>): { child: ChildProcess; ready: Promise<ServerReady> };
  stopServer(child: ChildProcess): Promise<void>;
  serverUsage(ready: ServerReady): Promise<ServerUsage>;
  interrupted(): boolean;
}

type Who = 'gp' | 'lp';

interface ReadSpec {
  id: string;
  label: string;
  who: Who;
  path: (ctx: { quarter: string; middleId: number }) => string;
}

const READS: ReadSpec[] = [
  { id: 'holdings', label: 'GET /api/holdings', who: 'gp', path: () => '/api/holdings' },
  { id: 'summary', label: 'GET /api/portfolio/summary', who: 'gp', path: () => '/api/portfolio/summary' },
  { id: 'valuation', label: 'GET /api/portfolio/valuation', who: 'gp', path: () => '/api/portfolio/valuation' },
  { id: 'valuation-trpc', label: 'tRPC portfolio.valuation', who: 'gp', path: () => '/trpc/portfolio.valuation' },
  // What the dashboards load instead (docs/decisions/0025, "Later: lots sent on open").
  { id: 'positions-trpc', label: 'tRPC portfolio.positions', who: 'gp', path: () => '/trpc/portfolio.positions' },
  { id: 'history', label: 'GET /api/portfolio/history?days=3650', who: 'gp', path: () => '/api/portfolio/history?days=3650' },
  { id: 'ledger-first', label: 'GET /api/transactions (first page)', who: 'gp', path: () => '/api/transactions?limit=50' },
  {
    id: 'ledger-deep',
    label: 'GET /api/transactions (a middle page)',
    who: 'gp',
    path: ({ middleId }) => `/api/transactions?limit=50&before=${middleId}`,
  },
  { id: 'lp-account', label: "GET /api/capital-account (an LP's own)", who: 'lp', path: () => '/api/capital-account' },
  { id: 'capital-accounts', label: 'GET /api/capital-accounts (GP)', who: 'gp', path: () => '/api/capital-accounts' },
  {
    id: 'statement',
    label: 'GET /api/capital-account/statement.pdf (LP)',
    who: 'lp',
    path: ({ quarter }) => `/api/capital-account/statement.pdf?quarter=${quarter}`,
  },
  { id: 'transactions-csv', label: 'GET /api/export/transactions.csv', who: 'gp', path: () => '/api/export/transactions.csv' },
];

/** The reads whose first answer after a write is timed. */
const AFTER_WRITE: string[] = ['holdings', 'valuation', 'history', 'lp-account', 'capital-accounts'];

export interface ScaleRow {
  id: string;
  label: string;
  /** 'load': autocannon at 10 connections; 'single': one request timed (too slow to load); 'writes': timed one by one. */
  mode: 'load' | 'single' | 'writes';
  p50: number;
  p99: number;
  cpuMsPerRequest: number | null;
  bytes: number | null;
  requests: number;
  failed: string | null;
}

export interface ScaleResult {
  size: ScaleSize;
  seedSeconds: number;
  startSeconds: number;
  rows: ScaleRow[];
  /** The GP dashboard in Chromium (bench/dashboard-scale.ts), when the client is built and Chromium is there. */
  dashboard: DashboardScaleResult | null;
}

interface Settings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  slowMs: number;
  writes: number;
  sizes: ScaleSize[];
  /** 'on': the dashboard in Chromium too; 'only': the dashboard alone (no loads, no writes); 'off'. */
  dashboard: 'on' | 'only' | 'off';
  /** The built client the server serves to Chromium. */
  clientDist: string;
}

function settingsOf(env: NodeJS.ProcessEnv): Settings {
  const num = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    const value = raw ? Number(raw) : fallback;
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
    return value;
  };
  const names = (env.BENCH_SCALE_SIZES?.trim() || 'S,M,L').split(',').map((s) => s.trim().toUpperCase());
  const sizes = SCALE_SIZES.filter((s) => names.includes(s.name));
  if (sizes.length === 0) throw new Error(`BENCH_SCALE_SIZES names no size of S, M, L (got "${env.BENCH_SCALE_SIZES}")`);
  return {
    seconds: num('BENCH_SCALE_SECONDS', 5),
    warmupSeconds: num('BENCH_SCALE_WARMUP_SECONDS', 1),
    connections: Math.round(num('BENCH_SCALE_CONNECTIONS', 10)),
    slowMs: num('BENCH_SCALE_SLOW_MS', 3_000),
    writes: Math.round(num('BENCH_SCALE_WRITES', 5)),
    sizes,
    dashboard: dashboardOf(env.BENCH_SCALE_DASHBOARD),
    clientDist: resolve(env.BENCH_SCALE_CLIENT_DIST?.trim() || join(import.meta.dirname, '..', 'client/dist')),
  };
}

function dashboardOf(raw: string | undefined): Settings['dashboard'] {
  const value = raw?.trim().toLowerCase() || 'on';
  if (value === '1' || value === 'on') return 'on';
  if (value === '0' || value === 'off') return 'off';
  if (value === 'only') return 'only';
  throw new Error(`BENCH_SCALE_DASHBOARD must be on, off or only (got "${raw}")`);
}

/** The longest a single timed request may take. */
const TIMEOUT_MS = 180_000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** The last full quarter before today, for the statement. */
function lastQuarter(now: Date): string {
  const q = Math.floor(now.getUTCMonth() / 3);
  return q === 0 ? `${now.getUTCFullYear() - 1}-Q4` : `${now.getUTCFullYear()}-Q${q}`;
}

async function timed(
  url: string,
  init: RequestInit,
): Promise<{ ms: number; status: number; bytes: number; body: string; etag?: string | null }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const buffer = Buffer.from(await res.arrayBuffer());
    return {
      ms: performance.now() - started,
      status: res.status,
      bytes: buffer.length,
      body: buffer.toString('utf8', 0, 300),
      etag: res.headers.get('etag'),
    };
  } catch (err) {
    // No answer within the time allowed, or the connection failed: status 0, the reason as the body.
    return { ms: performance.now() - started, status: 0, bytes: 0, body: err instanceof Error ? err.message : 'no answer' };
  }
}

async function measureSize(host: ScaleHost, size: ScaleSize, settings: Settings, env: NodeJS.ProcessEnv): Promise<ScaleResult> {
  const url = await host.createDatabase();
  host.log(`scale ${size.name}: ${size.lots} lots, ${size.days} days, ${size.lps} LPs: seeding and starting the server`);
  const seedStarted = performance.now();
  const withDashboard = settings.dashboard !== 'off' && existsSync(join(settings.clientDist, 'index.html')) && existsSync(CHROMIUM);
  if (settings.dashboard !== 'off' && !withDashboard) {
    host.log(
      `scale ${size.name}: the dashboard is not measured (no ${settings.clientDist}/index.html: pnpm build; or no Chromium at ${CHROMIUM})`,
    );
  }
  const started = host.startServer(url, {
    BENCH_SCALE: size.name,
    HEAVY_READS_PER_MINUTE: '1000000',
    ...(withDashboard ? { CLIENT_DIST: settings.clientDist } : {}),
  });
  try {
    const ready = await started.ready;
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const base = `http://127.0.0.1:${ready.appPort}`;
    const headersOf = (who: Who): Record<string, string> => ({
      authorization: `Bearer ${who === 'lp' ? ready.lpToken : ready.token}`,
      'accept-encoding': 'br, gzip',
    });
    const firstStarted = performance.now();
    await timed(`${base}/api/holdings`, { headers: headersOf('gp') });
    const startSeconds = (performance.now() - firstStarted) / 1000;
    const page = JSON.parse(
      (await (await fetch(`${base}/api/transactions?limit=1`, { headers: { authorization: `Bearer ${ready.token}` } })).text()) || '{}',
    ) as { entries?: { id: number }[]; items?: { id: number }[] };
    const newest = (page.entries ?? page.items ?? [])[0]?.id ?? 1;
    const ctx = { quarter: lastQuarter(new Date()), middleId: Math.max(2, Math.floor(newest / 2)) };
    // The seeded books go back years: the server rebuilds their history in the background at start
    // (docs/decisions/0018), in slices beside other work. What is measured is the books at rest.
    const rebuilt = await historyRebuilt(base, ready.token);
    host.log(
      `scale ${size.name}: the history rebuild at start ${rebuilt === null ? 'had not finished after 180 s' : `finished ${rebuilt.toFixed(1)} s after the first read`}`,
    );

    let dashboard: DashboardScaleResult | null = null;
    if (withDashboard) {
      host.log(`scale ${size.name}: the GP dashboard in Chromium (LOG IN -> painted, longest task, sorting)`);
      const profile = env.BENCH_SCALE_PROFILE ? join(host.resultsDir, 'profiles', `dashboard-${size.name}.cpuprofile`) : undefined;
      dashboard = await measureDashboardAtScale(CHROMIUM, base, BENCH_USER, 3, profile);
      host.log(formatDashboardScale(size.name, dashboard));
      host.log(await lotsShare(base, ready.token));
    }
    if (settings.dashboard === 'only') return { size, seedSeconds, startSeconds, rows: [], dashboard };

    const rows: ScaleRow[] = [];
    const healthz: (RunStats & { during: string; serverHoldMs: number })[] = [];
    for (const read of READS) {
      if (host.interrupted()) throw new Error('interrupted');
      const target = `${base}${read.path(ctx)}`;
      const headers = headersOf(read.who);
      const row: ScaleRow = {
        id: read.id,
        label: read.label,
        mode: 'load',
        p50: NaN,
        p99: NaN,
        cpuMsPerRequest: null,
        bytes: null,
        requests: 0,
        failed: null,
      };
      rows.push(row);
      const before = await host.serverUsage(ready);
      const probe = await timed(target, { headers });
      const probeAgain = await timed(target, { headers });
      const afterProbe = await host.serverUsage(ready);
      row.bytes = probeAgain.bytes;
      if (probe.status !== 200 || probeAgain.status !== 200) {
        row.failed = `status ${probeAgain.status}: ${probeAgain.body.slice(0, 160)}`;
        host.log(`scale ${size.name} ${read.label}: FAILED, ${row.failed}`);
        continue;
      }
      if (probeAgain.ms > settings.slowMs) {
        row.mode = 'single';
        row.p50 = row.p99 = probeAgain.ms;
        row.requests = 2;
        row.cpuMsPerRequest = (afterProbe.cpuMicros - before.cpuMicros) / 1000 / 2;
        host.log(`scale ${size.name} ${read.label}: ${Math.round(probeAgain.ms)} ms for one request, not loaded`);
        continue;
      }
      // Long enough for each connection to finish a few requests, however slow one is.
      const seconds = Math.min(60, Math.max(settings.seconds, Math.ceil((probeAgain.ms * settings.connections * 4) / 1000)));
      host.log(`scale ${size.name} ${read.label}: ${seconds} s at ${settings.connections} connections`);
      await runLoad({ url: target, headers, connections: settings.connections, seconds: settings.warmupSeconds });
      const usage = await host.serverUsage(ready);
      // /healthz meanwhile, one connection at 20 requests a second: what a load balancer sees.
      const health = runHealthz(`${base}/healthz`, seconds);
      const stats = await runLoad({ url: target, headers, connections: settings.connections, seconds });
      const usageAfter = await host.serverUsage(ready);
      const healthStats = await health;
      healthz.push({ ...healthStats, during: read.label, serverHoldMs: usageAfter.longestHoldMs });
      host.log(
        `scale ${size.name} /healthz during ${read.label}: p50 ${healthStats.latencyMs.p50} ms, p99 ${healthStats.latencyMs.p99} ms; ` +
          `the server's own event loop held at most ${Math.round(usageAfter.longestHoldMs)} ms at a time`,
      );
      row.p50 = stats.latencyMs.p50;
      row.p99 = stats.latencyMs.p99;
      row.requests = stats.requestsTotal;
      row.cpuMsPerRequest = (usageAfter.cpuMicros - usage.cpuMicros) / 1000 / Math.max(1, stats.requestsTotal);
      if (stats.non2xx > 0 || stats.errors > 0) row.failed = `${stats.non2xx} non-2xx, ${stats.errors} errors`;
      else if (stats.requestsTotal === 0) row.failed = 'no request finished during the run';
    }
    const worst = healthz.reduce<(typeof healthz)[number] | undefined>(
      (w, h) => (w === undefined || h.latencyMs.p99 > w.latencyMs.p99 ? h : w),
      undefined,
    );
    if (worst)
      host.log(
        `scale ${size.name} /healthz's worst run was during ${worst.during}; the server's own event loop held at most ` +
          `${Math.round(Math.max(...healthz.map((h) => h.serverHoldMs)))} ms at a time during any load`,
      );
    const health: ScaleRow = {
      id: 'healthz',
      label: 'GET /healthz during the loads (worst run)',
      mode: 'load',
      p50: Math.max(...healthz.map((h) => h.latencyMs.p50)),
      p99: Math.max(...healthz.map((h) => h.latencyMs.p99)),
      cpuMsPerRequest: null,
      bytes: null,
      requests: healthz.reduce((n, h) => n + h.requestsTotal, 0),
      failed: healthz.some((h) => h.non2xx > 0 || h.errors > 0) ? 'non-2xx or errors' : null,
    };
    rows.push(health);
    rows.push(...(await measureWrites(host, size, settings, base, headersOf)));
    rows.push(...(await measureQuoteRefreshes(url, settings, base, headersOf)));
    return { size, seedSeconds, startSeconds, rows, dashboard };
  } finally {
    await host.stopServer(started.child);
    await host.dropDatabase();
  }
}

/** Seconds until the history rebuild the server started on its own has finished (null after 180 s). */
async function historyRebuilt(base: string, token: string): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < 180_000) {
    const res = await fetch(`${base}/api/portfolio/history/rebuild`, { headers: { authorization: `Bearer ${token}` } });
    const status = (await res.json()) as { state?: string; finished_at?: string | null; pending_from?: string | null };
    if (status.state !== 'running' && status.finished_at && !status.pending_from) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/** How much of the valuation answer is the lots' figures, which the dashboard shows only under an open symbol. */
async function lotsShare(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/portfolio/valuation`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const valuation = JSON.parse(text) as { positions?: { lots?: unknown[] }[] };
  const lots = (valuation.positions ?? []).reduce((n, p) => n + (p.lots?.length ?? 0), 0);
  for (const position of valuation.positions ?? []) position.lots = [];
  const without = JSON.stringify(valuation).length;
  return `the valuation: ${(text.length / 1e6).toFixed(2)} MB of JSON, ${(without / 1e6).toFixed(2)} MB without its ${lots} lots' figures`;
}

/** /healthz at 20 requests a second on one connection, beside a run of bench/load.ts (which keeps the one run it may stop). */
/** Runs in a process of its own: autocannon at 20 requests a second on one connection, its result as JSON on stdout. */
const HEALTHZ_PROBE = `
const [url, seconds, autocannon] = process.argv.slice(1);
require(autocannon)({ url, connections: 1, duration: Number(seconds), overallRate: 20, timeout: 60 }, (err, r) => {
  if (err) { console.error(String(err)); process.exit(1); }
  process.stdout.write(JSON.stringify(r));
});`;

function runHealthz(url: string, seconds: number): Promise<RunStats> {
  const options = { url, connections: 1, seconds, overallRate: 20 };
  return new Promise((resolve, reject) => {
    // In a process of its own: on the load generator's event loop, /healthz's times would include
    // the time that loop spends reading ten connections of megabyte answers.
    const probe = spawn(process.execPath, ['-e', HEALTHZ_PROBE, url, String(seconds), requireHere.resolve('autocannon')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    probe.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    probe.once('error', reject);
    probe.once('close', (code) => {
      if (code !== 0) return reject(new Error(`the /healthz probe failed (${code}): ${err.slice(0, 300)}`));
      resolve(statsOf(options, JSON.parse(out) as autocannon.Result));
    });
  });
}

/** Writes one by one (a deposit, then a sale of one share, in turn), each followed by the first read of each derived figure. */
async function measureWrites(
  host: ScaleHost,
  size: ScaleSize,
  settings: Settings,
  base: string,
  headersOf: (who: Who) => Record<string, string>,
): Promise<ScaleRow[]> {
  const writes: number[] = [];
  const firstReads = new Map<string, number[]>(AFTER_WRITE.map((id) => [id, []]));
  let failed: string | null = null;
  for (let i = 0; i < settings.writes; i += 1) {
    const body =
      i % 2 === 0
        ? { path: '/api/cash-movements', json: { kind: 'deposit', amount: '100.00', note: 'bench', confirmed: true } }
        : { path: '/api/holdings/sell', json: { symbol: 'AAPL', qty: '1', price: '190.00' } };
    const write = await timed(`${base}${body.path}`, {
      method: 'POST',
      headers: { ...headersOf('gp'), 'content-type': 'application/json' },
      body: JSON.stringify(body.json),
    });
    if (write.status >= 300) failed = `${body.path}: status ${write.status}: ${write.body.slice(0, 160)}`;
    writes.push(write.ms);
    for (const id of AFTER_WRITE) {
      const read = READS.find((r) => r.id === id)!;
      const answer = await timed(`${base}${read.path({ quarter: '', middleId: 1 })}`, { headers: headersOf(read.who) });
      if (answer.status !== 200) failed = `${read.label} after a write: status ${answer.status}`;
      firstReads.get(id)!.push(answer.ms);
    }
  }
  if (failed) host.log(`scale ${size.name} writes: FAILED, ${failed}`);
  const rowOf = (id: string, label: string, times: number[]): ScaleRow => timesRow(id, label, times, failed);
  return [
    rowOf('write', 'a write (deposit / sale of one share)', writes),
    ...AFTER_WRITE.map((id) =>
      rowOf(`after-write:${id}`, `first read after a write: ${READS.find((r) => r.id === id)!.label}`, firstReads.get(id)!),
    ),
  ];
}

/** One at a time and sorted: the median and the slowest. */
function timesRow(id: string, label: string, times: number[], failed: string | null): ScaleRow {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    id,
    label,
    mode: 'writes',
    p50: quantile(sorted, 0.5),
    p99: sorted.at(-1) ?? NaN,
    cpuMsPerRequest: null,
    bytes: null,
    requests: times.length,
    failed,
  };
}

/**
 * Quote refreshes, each followed by the first read of each derived figure: every quote in the cache
 * moved (up and down by turns) and the books' version moved on with its notification, as the
 * refresh job does it (portfolioChanged), so the server revalues all the lots.
 */
async function measureQuoteRefreshes(
  databaseUrl: string,
  settings: Settings,
  base: string,
  headersOf: (who: Who) => Record<string, string>,
): Promise<ScaleRow[]> {
  const database = openPostgres(databaseUrl, 1);
  const firstReads = new Map<string, number[]>(AFTER_WRITE.map((id) => [id, []]));
  let failed: string | null = null;
  let lastHoldingsTag: string | null | undefined;
  try {
    for (let i = 0; i < Math.max(3, Math.ceil(settings.writes / 2)); i += 1) {
      const factor = i % 2 === 0 ? '1.001' : '0.999';
      // One transaction, as the refresh job stores a round of quotes: the version moves once, at its commit.
      await database.db.transaction(async (tx) => {
        await tx.execute(`update quotes set price = round(price * ${factor}, 4), fetched_at = now()`);
        await portfolioChanged(tx);
      });
      // The server hears of it by its LISTEN connection; a read before that would be answered from
      // the view before (checked below by the holdings' ETag).
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const id of AFTER_WRITE) {
        const read = READS.find((r) => r.id === id)!;
        const answer = await timed(`${base}${read.path({ quarter: '', middleId: 1 })}`, { headers: headersOf(read.who) });
        if (answer.status !== 200) failed = `${read.label} after a quote refresh: status ${answer.status}`;
        if (id === 'holdings') {
          if (answer.etag === lastHoldingsTag) failed = `${read.label} after a quote refresh: the list before it was answered`;
          lastHoldingsTag = answer.etag;
        }
        firstReads.get(id)!.push(answer.ms);
      }
    }
  } finally {
    await database.close();
  }
  return AFTER_WRITE.map((id) =>
    timesRow(
      `after-refresh:${id}`,
      `first read after a quote refresh: ${READS.find((r) => r.id === id)!.label}`,
      firstReads.get(id)!,
      failed,
    ),
  );
}

/** docs/benchmarks.md: the targets at L, by row. */
function targetOf(id: string): { text: string; maxMs: number } | null {
  if (id === 'healthz') return { text: 'p99 < 50 ms', maxMs: 50 };
  if (id === 'write') return { text: 'slowest < 200 ms', maxMs: 200 };
  if (id.startsWith('after-write:') || id.startsWith('after-refresh:')) return { text: 'slowest < 150 ms', maxMs: 150 };
  if (id === 'transactions-csv') return null;
  return { text: 'p99 < 100 ms', maxMs: 100 };
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatScale(results: ScaleResult[]): string {
  const ids = results[0]?.rows.map((r) => r.id) ?? [];
  const header = ['request', ...results.flatMap((r) => [`${r.size.name} p50`, `${r.size.name} p99`, `${r.size.name} CPU/req`])];
  const m = results.find((r) => r.size.name === 'M');
  const l = results.find((r) => r.size.name === 'L');
  if (m && l) header.push('M→L');
  if (l) header.push('target at L', 'result');
  const rows = ids.map((id) => {
    const cells = [results[0]!.rows.find((r) => r.id === id)!.label];
    for (const res of results) {
      const row = res.rows.find((r) => r.id === id);
      const tag = row?.failed ? ' FAILED' : row?.mode === 'single' ? ' (1 req)' : '';
      cells.push(row ? ms(row.p50) : '-', row ? `${ms(row.p99)}${tag}` : '-', row?.cpuMsPerRequest != null ? ms(row.cpuMsPerRequest) : '-');
    }
    if (m && l) {
      const a = m.rows.find((r) => r.id === id);
      const b = l.rows.find((r) => r.id === id);
      const of = (r: ScaleRow | undefined) => r?.cpuMsPerRequest ?? r?.p50 ?? NaN;
      const growth = of(b) / of(a);
      cells.push(Number.isFinite(growth) ? `×${growth.toFixed(1)}` : '-');
    }
    if (l) {
      const row = l.rows.find((r) => r.id === id);
      const target = targetOf(id);
      cells.push(target?.text ?? '', !target || !row ? '' : row.failed ? 'FAIL' : row.p99 < target.maxMs ? 'PASS' : 'MISS');
    }
    return cells;
  });
  return [
    table(header, rows),
    'p50/p99 in ms at 10 connections ("1 req": too slow to load, one request timed); CPU/req: the server process\'s CPU ms per',
    'request (PostgreSQL not included); writes and first reads after a write: one at a time, median and slowest.',
    'M→L: growth of CPU per request (or of p50) from M to L, where the data grows ×10 in lots and LPs and ×3.6 in days.',
    ...results.map(
      (r) =>
        `${r.size.name}: seeded and started in ${r.seedSeconds.toFixed(1)} s, first holdings answer ${(r.startSeconds * 1000).toFixed(0)} ms`,
    ),
    ...results.flatMap((r) => (r.dashboard ? [formatDashboardScale(r.size.name, r.dashboard)] : [])),
  ].join('\n');
}

/** Runs every size in turn; returns the results (also written to bench-results/). */
export async function runScale(host: ScaleHost, env: NodeJS.ProcessEnv = process.env): Promise<ScaleResult[]> {
  const settings = settingsOf(env);
  const results: ScaleResult[] = [];
  for (const size of settings.sizes) results.push(await measureSize(host, size, settings, env));
  mkdirSync(host.resultsDir, { recursive: true });
  const json = `${JSON.stringify({ at: new Date().toISOString(), settings, results }, null, 2)}\n`;
  writeFileSync(join(host.resultsDir, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), json);
  writeFileSync(join(host.resultsDir, 'scale-latest.json'), json);
  return results;
}
