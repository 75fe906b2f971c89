/** One autocannon run, and the figures the bench keeps of it. */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Requests per second over all connections; unlimited (saturation) when absent. */
  overallRate?: number;
}

export interface RunStats {
  connections: number;
  seconds: number;
  overallRate: number | null;
  /** Mean of autocannon's per-second samples, as its own table prints it. */
  requestsPerSec: number;
  requestsTotal: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  throughputBytesPerSec: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The server process during the run (filled in by run.ts). */
  server?: {
    /** Its CPU time per completed request, in milliseconds (the database's own CPU not included). */
    cpuMsPerRequest: number;
    /** The share of the time its event loop was busy: near 1 means the server was the bottleneck. */
    eventLoopUtilization: number;
  };
}

let current: autocannon.Instance | undefined;

/** Stops the run in progress, if any (Ctrl-C). */
export function stopLoad(): void {
  current?.stop();
}

export function runLoad(options: LoadOptions): Promise<RunStats> {
  return new Promise((resolve, reject) => {
    current = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: options.seconds,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        timeout: 10,
      },
      (err: unknown, result) => {
        current = undefined;
        if (err) return reject(err instanceof Error ? err : new Error(JSON.stringify(err)));
        resolve(statsOf(options, result));
      },
    );
  });
}

export function statsOf(options: LoadOptions, r: autocannon.Result): RunStats {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    connections: options.connections,
    seconds: r.duration,
    overallRate: options.overallRate ?? null,
    requestsPerSec: r.requests.average,
    requestsTotal: r.requests.total,
    latencyMs: { mean: r.latency.mean, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    throughputBytesPerSec: r.throughput.average,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
  };
}
