import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { procedureRunner } from '../src/rest/run-procedure';
import { restRoutes } from '../src/rest/table';
import type { Context } from '../src/trpc/context';
import { appRouter, type ProcedurePath } from '../src/routers';
import { databaseKinds } from './support/databases';
import { createHarness, freshIp, type Harness } from './support/harness';

type TrpcProcedure = ((opts: {
  ctx: Context;
  path: string;
  type: string;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: { type: string } };

type Outcome = { data: unknown } | { code: string; message: string; cause: string | undefined };

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { data: await call() };
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    return { code: err.code, message: err.message, cause: err.cause?.constructor.name };
  }
}

/** What a procedure answers when tRPC's own procedure call runs it, and when the REST runner does. */
async function bothWays(h: Harness, path: ProcedurePath, token: string | null, input: unknown): Promise<[Outcome, Outcome]> {
  const procedure = (appRouter._def.procedures as Record<string, unknown>)[path] as TrpcProcedure;
  const ctx = (): Context => ({ deps: h.deps, token, ip: freshIp() });
  const viaTrpc = await outcomeOf(() =>
    procedure({ ctx: ctx(), path, type: procedure._def.type, getRawInput: () => Promise.resolve(input), signal: undefined, batchIndex: 0 }),
  );
  const viaRunner = await outcomeOf(() => procedureRunner(path, procedure)(ctx(), input));
  return [viaTrpc, viaRunner];
}

describe.each(databaseKinds)('the REST runner answers as tRPC runs the procedure (%s)', (kind) => {
  let h: Harness;
  let tokens: { gp: string; lp: string };
  beforeAll(async () => {
    h = await createHarness(kind);
    tokens = await h.partners('runner');
  });
  afterAll(() => h.close());

  it('the same data for ping and a signed-in read', async () => {
    const [trpcPing, runnerPing] = await bothWays(h, 'ping', null, undefined);
    expect(runnerPing).toEqual(trpcPing);
    expect(runnerPing).toEqual({ data: { message: expect.any(String) } });
    const [trpcProfile, runnerProfile] = await bothWays(h, 'auth.profile.details', tokens.gp, undefined);
    expect(runnerProfile).toEqual(trpcProfile);
    expect('data' in runnerProfile).toBe(true);
  });

  it.each(restRoutes.filter((r) => r.access !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))(
    'the same refusal for %s without a token, as an LP where GPs only, and with input its schema refuses',
    async (_name, row) => {
      const [trpcAnon, runnerAnon] = await bothWays(h, row.procedure, null, {});
      expect(runnerAnon).toEqual(trpcAnon);
      expect(runnerAnon).toMatchObject({ code: 'UNAUTHORIZED' });
      if (row.access === 'gp') {
        const [trpcLp, runnerLp] = await bothWays(h, row.procedure, tokens.lp, {});
        expect(runnerLp).toEqual(trpcLp);
        expect(runnerLp).toMatchObject({ code: 'FORBIDDEN' });
      }
      if (row.input !== 'none') {
        const [trpcBad, runnerBad] = await bothWays(h, row.procedure, tokens.gp, 'not an object');
        expect(runnerBad).toEqual(trpcBad);
        expect(runnerBad).toMatchObject({ code: 'BAD_REQUEST' });
      }
    },
  );
});
