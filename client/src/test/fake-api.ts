import type { ProcedurePath } from '@server/router';

/**
 * A stand-in for the server's tRPC endpoint: answers batched calls the way the real one does,
 * from one handler per procedure, and records every call.
 */
export class FakeApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const CODES: Record<number, { name: string; rpc: number }> = {
  400: { name: 'BAD_REQUEST', rpc: -32600 },
  401: { name: 'UNAUTHORIZED', rpc: -32001 },
  403: { name: 'FORBIDDEN', rpc: -32003 },
  404: { name: 'NOT_FOUND', rpc: -32004 },
  409: { name: 'CONFLICT', rpc: -32009 },
  500: { name: 'INTERNAL_SERVER_ERROR', rpc: -32603 },
};

type Handler = (input: unknown) => unknown;
/** One handler per procedure, keyed by its dotted path ('auth.profile.details'), so a renamed procedure fails to compile. */
export type Handlers = Partial<Record<ProcedurePath, Handler>>;

export interface FakeCall {
  path: string;
  input: unknown;
  authorization: string | null;
}

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  calls: FakeCall[];
  callsTo(path: ProcedurePath): FakeCall[];
}

function errorBody(path: string, status: number, message: string) {
  const code = CODES[status] ?? { name: 'INTERNAL_SERVER_ERROR', rpc: -32603 };
  return { error: { message, code: code.rpc, data: { code: code.name, httpStatus: status, path } } };
}

export function fakeApi(handlers: Handlers): FakeApi {
  const byPath: Partial<Record<string, Handler>> = handlers;
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const rawInput = init?.method === 'POST' ? String(init.body ?? '{}') : (url.searchParams.get('input') ?? '{}');
    const inputs = JSON.parse(rawInput) as Record<string, unknown>;
    const headers = new Headers(init?.headers);
    const results = paths.map((path, i) => {
      const callInput = inputs[String(i)];
      calls.push({ path, input: callInput, authorization: headers.get('authorization') });
      const handler = byPath[path];
      if (!handler) return { status: 404, body: errorBody(path, 404, `No procedure ${path}`) };
      try {
        return { status: 200, body: { result: { data: handler(callInput) } } };
      } catch (err) {
        if (err instanceof FakeApiError) return { status: err.httpStatus, body: errorBody(path, err.httpStatus, err.message) };
        throw err;
      }
    });
    const statuses = new Set(results.map((r) => r.status));
    const status = statuses.size === 1 ? (results[0]?.status ?? 200) : 207;
    return new Response(JSON.stringify(results.map((r) => r.body)), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls, callsTo: (path) => calls.filter((c) => c.path === path) };
}
