/** What bench/run.ts and bench/server.ts agree on. */

/** The one line bench/server.ts prints on stdout once both servers listen. */
export interface ServerReady {
  barePort: number;
  appPort: number;
  /** A session token of the GP user, from POST /api/users/login. */
  token: string;
  /** With BENCH_SCALE: a session token of the first LP. */
  lpToken?: string;
}

/** The bare server's route with the server process's CPU time and event-loop use, read around each run. */
export const USAGE_PATH = '/_bench/usage';

export interface ServerUsage {
  /** User + system CPU time of the server process, in microseconds. */
  cpuMicros: number;
  /** performance.eventLoopUtilization()'s idle and active milliseconds. */
  idle: number;
  active: number;
  /** The longest the server's event loop went without a turn since the previous usage call (the longest gap of a 5 ms timer in it). */
  longestHoldMs: number;
}

export const BENCH_USER = { email: 'gp@bench.partners', password: 'BenchGP#2026-load' } as const;

/** The portfolio GET /api/holdings returns: 20 symbols × 10 lots = 200 lots. */
export const SEED = {
  symbols: [
    ...[
      'AAPL',
      'MSFT',
      'NVDA',
      'AMZN',
      'GOOGL',
      'META',
      'TSLA',
      'JPM',
      'V',
      'JNJ',
      'KO',
      'XOM',
      'BRK-B',
      'COST',
      'ORCL',
      'NFLX',
      'AMD',
    ].map((symbol) => ({ symbol, kind: 'stock' as const })),
    ...['BTC', 'ETH', 'SOL'].map((symbol) => ({ symbol, kind: 'crypto' as const })),
  ],
  lotsPerSymbol: 10,
};

export const SEEDED_LOTS = SEED.symbols.length * SEED.lotsPerSymbol;
