/** The bench's table and the targets of docs/benchmarks.md. */
import type { RunStats } from './load';

export type ScenarioId = 'bare' | 'rest-ping' | 'trpc-ping' | 'holdings' | 'holdings-embedded';

export interface ScenarioResult {
  id: ScenarioId;
  label: string;
  /** Why the scenario is not valid (a bad first answer, non-2xx responses or errors); null when it is. */
  failed: string | null;
  saturation: RunStats | null;
  rate: RunStats | null;
  /** Saturation requests per second over the bare route's. */
  ratioToBare: number | null;
}

/** FAIL: the scenario or the bare route got errors; SKIP: not run (BENCH_ONLY). */
export type Verdict = 'PASS' | 'MISS' | 'FAIL' | 'SKIP';

export interface TargetResult {
  target: string;
  verdict: Verdict;
  measured: string;
}

interface TargetSpec {
  scenario: ScenarioId;
  target: string;
  minRatio: number;
  maxP99Ms?: number;
}

/** docs/benchmarks.md: ratios to the bare route at saturation, and holdings' p99 at 100 connections. */
export const TARGETS: TargetSpec[] = [
  { scenario: 'rest-ping', target: 'REST ping >= 60% of bare', minRatio: 0.6 },
  { scenario: 'trpc-ping', target: 'tRPC ping >= 25% of bare', minRatio: 0.25 },
  { scenario: 'holdings', target: 'holdings >= 15% of bare, p99 < 50 ms at 100 connections', minRatio: 0.15, maxP99Ms: 50 },
  { scenario: 'holdings-embedded', target: 'holdings (embedded) >= 10% of bare, p99 < 100 ms', minRatio: 0.1, maxP99Ms: 100 },
];

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

export function judgeTargets(results: ScenarioResult[]): TargetResult[] {
  const bare = results.find((r) => r.id === 'bare');
  return TARGETS.map((spec) => {
    const r = results.find((x) => x.id === spec.scenario);
    if (!r || !bare) return { target: spec.target, verdict: 'SKIP', measured: `not run: ${!r ? spec.scenario : 'bare'}` };
    if (bare.failed || !bare.saturation)
      return { target: spec.target, verdict: 'FAIL', measured: `bare route failed: ${bare.failed ?? 'no data'}` };
    if (r.failed || !r.saturation || r.ratioToBare === null) {
      return { target: spec.target, verdict: 'FAIL', measured: `scenario failed: ${r.failed ?? 'no data'}` };
    }
    const p99 = r.saturation.latencyMs.p99;
    const parts = [`${pct(r.ratioToBare)} of bare`];
    let pass = r.ratioToBare >= spec.minRatio;
    if (spec.maxP99Ms !== undefined) {
      parts.push(`p99 ${p99.toFixed(1)} ms`);
      pass &&= p99 < spec.maxP99Ms;
    }
    return { target: spec.target, verdict: pass ? 'PASS' : 'MISS', measured: parts.join(', ') };
  });
}

function row(cells: string[], widths: number[], rightFrom: number): string {
  return cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
}

function table(header: string[], rows: string[][], rightFrom: number): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [row(header, widths, rightFrom), rule, ...rows.map((r) => row(r, widths, rightFrom))].join('\n');
}

export function formatResults(results: ScenarioResult[]): string {
  const rows: string[][] = [];
  for (const r of results) {
    const runs: [string, RunStats | null][] = [
      [`saturation (${r.saturation?.connections ?? '-'} conn)`, r.saturation],
      [r.rate ? `rate ${r.rate.overallRate}/s (${r.rate.connections} conn)` : 'rate', r.rate],
    ];
    for (const [mode, s] of runs) {
      const isSaturation = s !== null && s === r.saturation;
      rows.push([
        r.label,
        mode,
        s ? s.requestsPerSec.toFixed(0) : '-',
        s ? s.latencyMs.p50.toFixed(1) : '-',
        s ? s.latencyMs.p99.toFixed(1) : '-',
        s ? `${s.non2xx}/${s.errors}` : '-',
        s?.server ? s.server.cpuMsPerRequest.toFixed(3) : '-',
        s?.server ? `${Math.round(s.server.eventLoopUtilization * 100)}%` : '-',
        isSaturation && r.ratioToBare !== null ? pct(r.ratioToBare) : '',
        r.failed && (isSaturation || !s) ? 'FAILED' : '',
      ]);
      if (!s && r.failed) break;
    }
  }
  return table(
    ['scenario', 'mode', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/errors', 'server CPU ms/req', 'server busy', 'vs bare', ''],
    rows,
    2,
  );
}

export function formatTargets(targets: TargetResult[]): string {
  return table(
    ['target (docs/benchmarks.md)', 'result', 'measured'],
    targets.map((t) => [t.target, t.verdict, t.measured]),
    99,
  );
}
