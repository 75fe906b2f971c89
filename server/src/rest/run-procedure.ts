import { TRPCError, getTRPCErrorFromUnknown } from '@trpc/server';
import type { Context } from '../trpc/context';
import { schemaOfOutput } from '../trpc/declared-output';

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** What tRPC's middlewares return (its MiddlewareResult): the resolver's data, or the error that stopped the call. */
type MiddlewareResult = { ok: true; data: unknown; marker: string } | { ok: false; error: TRPCError; marker: string };

interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

/** The options tRPC passes each middleware of a procedure (the `use()` functions, its input parser, its resolver). */
interface MiddlewareOptions {
  ctx: object;
  type: ProcedureType;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: AbortSignal | undefined;
  batchIndex: number;
  next(opts?: NextOptions): Promise<MiddlewareResult>;
}

type Middleware = ((opts: MiddlewareOptions) => Promise<MiddlewareResult>) & { _type?: string };

/** A built procedure's definition, as @trpc/server keeps it: the middlewares it runs, in order, the last one calling the resolver. */
interface ProcedureDef {
  type: ProcedureType;
  meta: unknown;
  output?: unknown;
  middlewares: readonly Middleware[];
}

interface State {
  ctx: object;
  input: unknown;
  getRawInput: () => Promise<unknown>;
}

/** tRPC's own marker on middleware results. */
const MARKER = 'middlewareMarker';

/**
 * Runs a procedure's own middlewares for a REST row: the same functions tRPC runs (the db-error
 * mapping and role checks of trpc/init.ts, the zod input parser, the resolver), in the same order,
 * with the same options, context merging and error catching as tRPC's callRecursive. Measured,
 * tRPC's copy builds every level's options with a transpiled object spread that cost more CPU
 * per request than Fastify's routing and reply together; here each level is one plain
 * object. A declared output (trpc/declared-output.ts) passes the value through untouched, so its
 * middleware is left out.
 */
export function procedureRunner(path: string, procedure: { _def: unknown }): (ctx: Context, input: unknown) => Promise<unknown> {
  const def = procedure._def as ProcedureDef;
  const { type, meta } = def;
  const passThroughOutput = schemaOfOutput(def.output) !== undefined;
  const chain = def.middlewares.filter((middleware) => !(passThroughOutput && middleware._type === 'output'));

  async function step(index: number, state: State): Promise<MiddlewareResult> {
    try {
      const middleware = chain[index];
      if (!middleware)
        throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `${path}: a middleware called next() after the resolver` });
      return await middleware({
        ctx: state.ctx,
        type,
        path,
        input: state.input,
        getRawInput: state.getRawInput,
        meta,
        signal: undefined,
        batchIndex: 0,
        next: (opts) =>
          step(index + 1, {
            ctx: opts?.ctx ? { ...state.ctx, ...opts.ctx } : state.ctx,
            input: opts && 'input' in opts ? opts.input : state.input,
            getRawInput: opts?.getRawInput ?? state.getRawInput,
          }),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MARKER };
    }
  }

  return async (ctx, rawInput) => {
    const result: MiddlewareResult | undefined = await step(0, { ctx, input: undefined, getRawInput: () => Promise.resolve(rawInput) });
    if (!result)
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
    if (!result.ok) throw result.error;
    return result.data;
  };
}
