import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl, redactUrlsIn } from '../src/http/redact-url';
import { logOptions } from '../src/log';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, WEB_ORIGIN, type Harness } from './support/harness';

/**
 * Reset tokens and invite codes work for whoever holds them, so none may reach the log: a run
 * creates them, uses each through every path that carries it in a URL (REST, tRPC GET with input,
 * batched, the web pages, wrong methods, odd spellings of the parameter's name), and then searches
 * the whole log for each one.
 */
describe.each(databaseKinds)('secrets in logged URLs, database on %s', (kind) => {
  let h: Harness;
  let clientDist: string;
  const raw: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    // A built client of one page, so /signup?invite=… and /password_reset?token=… are served as pages.
    clientDist = mkdtempSync(join(tmpdir(), 'portal-client-'));
    writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>Portal</title>');
    h = await createHarness(kind, {
      env: { CLIENT_DIST: clientDist },
      logger: { ...logOptions('info'), stream: { write: (line: string) => void raw.push(line) } },
    });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  const trpcInput = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const get = (url: string, token?: string) => h.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

  async function newInvite(gp: string, role: 'GP' | 'LP'): Promise<string> {
    const res = await h.inject({ method: 'POST', url: '/api/invites', headers: bearer(gp), payload: { role, validityHours: 24 } });
    expect(res.statusCode, res.body).toBe(201);
    const code = new URL(res.json<{ link: string }>().link).searchParams.get('invite') ?? '';
    expect(code.length).toBeGreaterThan(10);
    secrets.push(code);
    return code;
  }

  async function newResetToken(email: string): Promise<string> {
    const before = h.mails.length;
    const res = await h.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email } });
    expect(res.statusCode).toBe(200);
    const link =
      /https?:\/\/\S+\/password_reset\?token=\S+/.exec(
        h.mails
          .slice(before)
          .map((m) => m.text)
          .join('\n'),
      )?.[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(10);
    secrets.push(token);
    return token;
  }

  it('uses invite codes and reset tokens through every path, and the log holds none of them', async () => {
    const { gp } = await h.partners(`log-${kind}`);
    const gpEmail = `gp-log-${kind}@test.dev`;

    // Invites: checked through REST, tRPC (single and batched), the sign-up page; then used.
    const invite = await newInvite(gp, 'GP');
    const checked = await get(`/api/invites/check?invite=${encodeURIComponent(invite)}`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await get(`/trpc/auth.checkInvite?input=${trpcInput({ invite })}`)).statusCode).toBe(200);
    const batched = await get(`/trpc/auth.checkInvite,auth.clientSettings?batch=1&input=${trpcInput({ 0: { invite } })}`);
    expect(batched.statusCode).toBe(200);
    const page = await get(`/signup?invite=${encodeURIComponent(invite)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Portal</title>');
    const signup = await h.inject({
      method: 'POST',
      url: `/api/users/signup?invite=${encodeURIComponent(invite)}`,
      payload: {
        firstName: 'New',
        lastName: 'Partner',
        email: `new-${kind}@log.test`,
        password: 'Str0ng!Pw',
        confirmPassword: 'Str0ng!Pw',
        inviteCode: invite,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);

    // An invite in odd spellings of the name, in a nested URL, and a call with a method the path does not take.
    const other = await newInvite(gp, 'LP');
    for (const url of [
      `/signup?Invite=${other}`,
      `/signup?inviteCode=${other}`,
      `/signup?%69nvite=${other}`,
      `/signup?invite_code=${other}&x=1`,
      `/login?next=${encodeURIComponent(`/signup?invite=${other}`)}`,
      `/api/invites/check?invite=${other}&invite=${other}`,
      `/trpc/auth.checkInvite?input=${encodeURIComponent(`{"invite":"${other}"`)}`,
    ])
      await get(url);
    await h.inject({ method: 'DELETE', url: `/api/invites/check?invite=${other}` });

    // Reset tokens: the page, the REST reset, a tRPC mutation sent as GET (refused, still logged).
    const token = await newResetToken(gpEmail);
    expect((await get(`/password_reset?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const setPassword = { token, newPassword: 'N3w!Passw' };
    expect((await get(`/trpc/auth.passwordReset.setPassword?input=${trpcInput(setPassword)}`)).statusCode).toBe(405);
    const reset = await h.inject({ method: 'POST', url: `/api/users/reset-password?token=${token}`, payload: setPassword });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await h.inject({ method: 'POST', url: '/api/users/login', payload: { email: gpEmail, password: 'N3w!Passw' } })).statusCode,
    ).toBe(200);
    const second = await newResetToken(gpEmail);
    for (const url of [
      `/password_reset?Token=${second}`,
      `/password_reset?reset_token=${second}#${second}`,
      `/password_reset?%74oken=${second}`,
      `/password_reset?token=${second}%zz`,
      `/trpc/auth.passwordReset.setPassword?batch=1&input=${trpcInput({ 0: { token: second, newPassword: 'x' } })}`,
    ])
      await get(url);
    // Google sign-in is not configured here: its warning quotes the request's URL.
    await h.inject({ method: 'POST', url: `/api/users/google-login?credential=${second}`, payload: { email: gpEmail, googleId: '1' } });

    const log = raw.join('');
    for (const secret of secrets) {
      for (const spelling of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
        expect(log, `the log holds ${spelling}`).not.toContain(spelling);
      }
      // Nor a long piece of it.
      expect(log).not.toContain(secret.slice(0, 16));
    }
    // The requests were logged, with their secrets replaced.
    expect(log).toContain(`/api/invites/check?invite=${REDACTED}`);
    expect(log).toContain(`/password_reset?token=${REDACTED}`);
    expect(log).toContain('/trpc/auth.checkInvite?input=');
    expect(log).toContain(`google-login?credential=${REDACTED}`);
  });
});

describe('redacting a URL', () => {
  it('replaces path parameters named as secrets, given the route', () => {
    expect(redactUrl('/api/invites/abc123/accept?x=1', '/api/invites/:code/accept')).toBe(`/api/invites/${REDACTED}/accept?x=1`);
    expect(redactUrl('/api/reset/t0k3n', '/api/reset/:resetToken')).toBe(`/api/reset/${REDACTED}`);
    expect(redactUrl('/api/holdings/42', '/api/holdings/:id')).toBe('/api/holdings/42');
  });

  it('keeps what is not a secret as it was', () => {
    for (const url of ['/api/transactions?limit=50&before=120&symbol=AAPL', '/api/portfolio/history?days=30', '/trpc/ping', '/']) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactUrl(`/trpc/portfolio.history?input=${encodeURIComponent('{"days":30}')}`)).toBe(
      `/trpc/portfolio.history?input=${encodeURIComponent('{"days":30}')}`,
    );
  });

  it('redacts URLs inside free text, such as a message or a stack', () => {
    expect(redactUrlsIn('POST /api/users/google-login?credential=abc.def: not configured')).toBe(
      `POST /api/users/google-login?credential=${REDACTED}: not configured`,
    );
    expect(redactUrlsIn(`see ${WEB_ORIGIN}/password_reset?token=s3cr3t now`)).toBe(
      `see ${WEB_ORIGIN}/password_reset?token=${REDACTED} now`,
    );
    expect(redactUrlsIn('no url here')).toBe('no url here');
  });
});
