import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PING_MESSAGE } from '../src/routers';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

interface TrpcResult {
  result?: { data: unknown };
  error?: { message: string; data: { code: string; httpStatus: number } };
}

describe.each(databaseKinds)('the tRPC endpoint on %s', (kind) => {
  let h: Harness;
  let lpToken: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createUser({ email: 'lp-trpc@test.dev', password: 'Passw0rd!', role: 'LP', firstName: 'Lena' });
    lpToken = await h.login('lp-trpc@test.dev', 'Passw0rd!');
  });
  afterAll(() => h.close());

  it('answers a batch of queries in one request', async () => {
    const res = await h.inject({
      method: 'GET',
      url: `/trpc/ping,auth.profile.details?batch=1&input=${encodeURIComponent('{}')}`,
      headers: bearer(lpToken),
    });
    expect(res.statusCode).toBe(200);
    const [ping, details] = res.json() as [TrpcResult, TrpcResult];
    expect(ping.result?.data).toEqual({ message: PING_MESSAGE });
    expect(details.result?.data).toMatchObject({ user: { first_name: 'Lena', email: 'lp-trpc@test.dev', role: 'LP' } });
  });

  it('answers 401 with the UNAUTHORIZED code and no stack without a token', async () => {
    const res = await h.inject({ method: 'GET', url: '/trpc/auth.profile.details' });
    expect(res.statusCode).toBe(401);
    const body = res.json() as TrpcResult;
    expect(body.error?.data.code).toBe('UNAUTHORIZED');
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it('answers 403 FORBIDDEN when an LP calls a GP procedure', async () => {
    const res = await h.inject({ method: 'GET', url: '/trpc/admin.users.list', headers: bearer(lpToken) });
    expect(res.statusCode).toBe(403);
    expect((res.json() as TrpcResult).error).toMatchObject({
      message: 'Only general partners can do that.',
      data: { code: 'FORBIDDEN', httpStatus: 403 },
    });
  });
});
