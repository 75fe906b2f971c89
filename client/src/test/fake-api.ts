import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter, ProcedurePath } from '@server/router';

/**
 * A stand-in for the server's tRPC endpoint: answers batched calls the way the real one does,
 * from one handler per procedure, and records every call.
 *
 * Handlers are keyed by the real procedure paths of AppRouter and return what the procedure
 * returns (its output type), so a renamed or reshaped procedure fails the typecheck. A call to a
 * procedure that has no handler fails the test (support: test/setup.ts), instead of a quiet 404.
 */
export class FakeApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    /** The flags the server adds to some refusals (`stepUp`, `enrolSecondFactor`: docs/decisions/0016). */
    readonly flags: Partial<Record<'stepUp' | 'enrolSecondFactor', true>> = {},
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

/** The member of a nested object at a dotted path. */
type At<T, TPath extends string> = TPath extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : TPath extends keyof T
    ? T[TPath]
    : never;

export type ProcedureInput<P extends ProcedurePath> = At<inferRouterInputs<AppRouter>, P>;
export type ProcedureOutput<P extends ProcedurePath> = At<inferRouterOutputs<AppRouter>, P>;

/** What the procedure at P answers, typed by its output; may throw FakeApiError or answer later. */
export type FakeHandler<P extends ProcedurePath> = (input: ProcedureInput<P>) => ProcedureOutput<P> | Promise<ProcedureOutput<P>>;
export type FakeHandlers = { [P in ProcedurePath]?: FakeHandler<P> };

export interface FakeCall {
  path: string;
  input: unknown;
  authorization: string | null;
  /** Which request carried it (1 for the first): calls of one batch share it. */
  request: number;
}

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  calls: FakeCall[];
  callsTo(path: ProcedurePath): FakeCall[];
}

/** Calls to procedures without a handler since the last takeUnansweredCalls(); setup.ts fails the test on any. */
const unanswered: string[] = [];

export function takeUnansweredCalls(): string[] {
  return unanswered.splice(0, unanswered.length);
}

function errorBody(path: string, status: number, message: string, flags: object = {}) {
  const code = CODES[status] ?? { name: 'INTERNAL_SERVER_ERROR', rpc: -32603 };
  return { error: { message, code: code.rpc, data: { code: code.name, httpStatus: status, path, ...flags } } };
}

function handlerFor(handlers: FakeHandlers, path: string): ((input: unknown) => unknown) | undefined {
  if (!Object.hasOwn(handlers, path)) return undefined;
  return (handlers as Record<string, ((input: unknown) => unknown) | undefined>)[path];
}

export function fakeApi(handlers: FakeHandlers): FakeApi {
  const calls: FakeCall[] = [];
  let requests = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const rawInput = init?.method === 'POST' ? (typeof init.body === 'string' ? init.body : '{}') : (url.searchParams.get('input') ?? '{}');
    const inputs = JSON.parse(rawInput) as Record<string, unknown>;
    const headers = new Headers(init?.headers);
    const request = ++requests;
    const results = await Promise.all(
      paths.map(async (path, i) => {
        const callInput = inputs[String(i)];
        calls.push({ path, input: callInput, authorization: headers.get('authorization'), request });
        const handler = handlerFor(handlers, path);
        if (!handler) {
          const message = `The fake API has no handler for ${path} (called with ${JSON.stringify(callInput)}): add one to the test's fakeApi({...}).`;
          unanswered.push(message);
          throw new Error(message);
        }
        try {
          return { status: 200, body: { result: { data: await handler(callInput) } } };
        } catch (err) {
          if (err instanceof FakeApiError) return { status: err.httpStatus, body: errorBody(path, err.httpStatus, err.message, err.flags) };
          throw err;
        }
      }),
    );
    const statuses = new Set(results.map((r) => r.status));
    const status = statuses.size === 1 ? (results[0]?.status ?? 200) : 207;
    return new Response(JSON.stringify(results.map((r) => r.body)), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls, callsTo: (path) => calls.filter((c) => c.path === path) };
}
