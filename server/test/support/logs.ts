import type { FastifyServerOptions } from 'fastify';

export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

/** pino's levels */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** A Fastify logger option that keeps every line, and the lines parsed. */
export function captureLogs(): { logger: FastifyServerOptions['logger']; lines: LogLine[]; text(): string } {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  return {
    logger: {
      level: 'info',
      stream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line) as LogLine);
        },
      },
    },
    lines,
    text: () => raw.join(''),
  };
}
