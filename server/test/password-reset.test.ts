import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets, userEditLogs, users } from '../src/db/schema';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/open';
import { databaseKinds, openTestDatabase } from './support/databases';
import { TEST_JWT_SECRET, WEB_ORIGIN, bearer, createHarness, type Harness } from './support/harness';
import { LEVEL, captureLogs } from './support/logs';

const RESET_REQUESTED = 'If an account exists for that email, a password reset link has been sent. It is valid for 30 minutes.';
const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
const RESET_DONE = 'Password reset successfully!';
const INVALID_LOGIN = 'Invalid email or password.';
const PASSWORD_RULE_MESSAGE =
  'Password must be 8–14 characters long and include at least one uppercase letter, one number, and one special character.';

const OLD_PASSWORD = 'Old!Passw0rd';
const NEW_PASSWORD = 'New!Passw0rd';
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LINK_PATTERN = new RegExp(`${escapeRegExp(`${WEB_ORIGIN}/password_reset?token=`)}(\\S+)`);

describe.each(databaseKinds)('password reset on %s', (kind) => {
  let h: Harness;
  let counter = 0;
  const uniqueEmail = (tag: string) => `${tag}-${++counter}@reset-${kind}.test`;
  /** What the mail server does with each message after the harness has recorded it; tests change it. */
  let deliver: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    h = await createHarness(kind, { mailer: { send: () => deliver() } });
  });
  afterEach(() => {
    deliver = async () => undefined;
  });
  afterAll(() => h.close());

  const requestReset = (email: string) => h.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email } });
  const resetPassword = (token: string, newPassword: string) =>
    h.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, newPassword } });
  const postLogin = (email: string, password: string) =>
    h.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  const mailsTo = (email: string) => h.mails.filter((m) => m.to === email);

  /** The token of the newest reset mail sent to this address. */
  function tokenFromMail(email: string): string {
    const mail = mailsTo(email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    const match = LINK_PATTERN.exec(mail.text);
    if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
    return decodeURIComponent(match[1]);
  }

  /** A user with OLD_PASSWORD who has asked for a reset; answers the id and the mailed token. */
  async function userWithResetToken(tag: string) {
    const email = uniqueEmail(tag);
    const id = await h.createUser({ email, password: OLD_PASSWORD, role: 'LP' });
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    return { id, email, token: tokenFromMail(email) };
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const known = uniqueEmail('known');
    const unknown = uniqueEmail('unknown');
    await h.createUser({ email: known, password: OLD_PASSWORD, role: 'GP' });
    const mailsBefore = h.mails.length;

    const forKnown = await requestReset(known);
    const forUnknown = await requestReset(unknown);

    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.json()).toEqual({ message: RESET_REQUESTED });
    expect(forUnknown.body).toBe(forKnown.body);

    expect(h.mails).toHaveLength(mailsBefore + 1);
    expect(mailsTo(unknown)).toHaveLength(0);
    const [mail] = mailsTo(known);
    expect(mail?.text).toMatch(LINK_PATTERN);
  });

  it('answers a known e-mail the same when its mail cannot be sent', async () => {
    const known = uniqueEmail('smtp-down');
    await h.createUser({ email: known, password: OLD_PASSWORD, role: 'LP' });
    deliver = () => Promise.reject(new Error('SMTP server unreachable'));

    const forKnown = await requestReset(known);
    const forUnknown = await requestReset(uniqueEmail('smtp-down-unknown'));
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(forKnown.json()).toEqual({ message: RESET_REQUESTED });
  });

  it('answers before the account is looked up or mailed, so its timing tells nothing', async () => {
    const known = uniqueEmail('slow-smtp');
    await h.createUser({ email: known, password: OLD_PASSWORD, role: 'LP' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    deliver = () => held;

    // The mail server holds every message until the answer has been read.
    const res = await h.app.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email: known } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED });
    release();
    await h.deps.background.idle();
    expect(tokenFromMail(known).length).toBeGreaterThanOrEqual(22);
  });

  it('finds the account whatever the casing of the e-mail', async () => {
    const email = uniqueEmail('casing');
    await h.createUser({ email, password: OLD_PASSWORD, role: 'LP' });
    const res = await requestReset(email.toUpperCase());
    expect(res.json()).toEqual({ message: RESET_REQUESTED });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('stops mailing one address after 3 requests in an hour, with the same answer', async () => {
    const email = uniqueEmail('flood');
    await h.createUser({ email, password: OLD_PASSWORD, role: 'LP' });
    for (let i = 0; i < 4; i++) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_REQUESTED });
    }
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('stores only the SHA-256 of the mailed token, valid for 30 minutes', async () => {
    const before = h.clock.now().getTime();
    const { id, token } = await userWithResetToken('stored');
    const after = h.clock.now().getTime();
    // At least 128 bits of randomness in any usual encoding.
    expect(token.length).toBeGreaterThanOrEqual(22);

    const rows = await h.database.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.usedAt).toBeNull();
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(after + 30 * 60_000);
  });

  it('sets the new password and ends every earlier session', async () => {
    const email = uniqueEmail('reset');
    await h.createUser({ email, password: OLD_PASSWORD, role: 'LP' });
    const oldSession = await h.login(email, OLD_PASSWORD);
    expect((await requestReset(email)).statusCode).toBe(200);
    const token = tokenFromMail(email);

    const res = await resetPassword(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_DONE });

    const withOld = await postLogin(email, OLD_PASSWORD);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json()).toEqual({ error: INVALID_LOGIN });

    const withNew = await postLogin(email, NEW_PASSWORD);
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json()).toEqual({ token: expect.any(String), role: 'LP' });

    const stale = await h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(oldSession) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: expect.any(String) });

    const fresh = await h.inject({
      method: 'GET',
      url: '/api/users/profile/details',
      headers: bearer(withNew.json<{ token: string }>().token),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('lets a token be used only once', async () => {
    const { email, token } = await userWithResetToken('once');
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await resetPassword(token, 'Third!Passw0rd');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: RESET_INVALID });
    // The second attempt changed nothing.
    expect((await postLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await postLogin(email, 'Third!Passw0rd')).statusCode).toBe(401);
  });

  it('voids the other reset links once the password has changed', async () => {
    const { email, token: first } = await userWithResetToken('others');
    expect((await requestReset(email)).statusCode).toBe(200);
    const second = tokenFromMail(email);
    expect(second).not.toBe(first);
    expect((await resetPassword(second, NEW_PASSWORD)).statusCode).toBe(200);

    const stale = await resetPassword(first, 'Third!Passw0rd');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: RESET_INVALID });
  });

  it('voids pending reset links when the password is changed from the profile', async () => {
    const { email, token } = await userWithResetToken('changed');
    const session = await h.login(email, OLD_PASSWORD);
    const change = await h.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(session),
      payload: { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await resetPassword(token, 'Third!Passw0rd')).statusCode).toBe(400);
    expect((await postLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token older than 30 minutes', async () => {
    const { email, token } = await userWithResetToken('expired');
    h.clock.advance(31 * 60_000);

    const res = await resetPassword(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: RESET_INVALID });
    expect((await postLogin(email, OLD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await resetPassword('not-a-real-reset-token', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: RESET_INVALID });
  });

  it('refuses a weak new password with the documented message and keeps the token usable', async () => {
    const { email, token } = await userWithResetToken('weak');

    for (const weak of ['password', 'Sh0rt!', 'Passw0rdX', 'Passw0rd!Passwo']) {
      const res = await resetPassword(token, weak);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PASSWORD_RULE_MESSAGE });
    }
    expect((await postLogin(email, OLD_PASSWORD)).statusCode).toBe(200);

    const res = await resetPassword(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_DONE });
    expect((await postLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('writes a password edit log without any password values', async () => {
    const { id, email, token } = await userWithResetToken('logged');
    const [before] = await h.database.db.select().from(users).where(eq(users.id, id));
    const beforeHash = before?.passwordHash ?? '';
    expect(beforeHash).not.toBe('');

    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);

    const logs = await h.database.db.select().from(userEditLogs).where(eq(userEditLogs.userId, id));
    expect(logs).toHaveLength(1);
    const [log] = logs;
    expect(log).toMatchObject({ userId: id, userEmail: email, fieldChanged: 'password', changedBy: id });
    const [after] = await h.database.db.select().from(users).where(eq(users.id, id));
    const afterHash = after?.passwordHash ?? '';
    expect(afterHash).not.toBe(beforeHash);
    for (const value of [log?.oldValue ?? '', log?.newValue ?? '']) {
      for (const secret of [OLD_PASSWORD, NEW_PASSWORD, beforeHash, afterHash, '$argon2']) {
        expect(value).not.toContain(secret);
      }
    }
    expect(after?.lastEdit).toEqual(log?.changedAt);
  });
});

/** docs/security.md: reset links go to the log only on the embedded database without SMTP_URL. */
describe.each(databaseKinds)('reset mail without SMTP_URL, database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  /** The server as main.ts builds it (no mailer given), as if it ran on `mode`, with its log kept. */
  async function serverRunningOn(mode: Database['kind']) {
    const logs = captureLogs();
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, WEB_ORIGIN, CLIENT_DIST: '/nonexistent-client-dist' });
    const app = await buildApp({ config, database: { ...database, kind: mode }, jwtSecret: TEST_JWT_SECRET, logger: logs.logger });
    const email = `log-${mode}-${randomBytes(4).toString('hex')}@reset.test`;
    await database.db.insert(users).values({ email, firstName: 'Log', lastName: 'Reader', role: 'LP', passwordHash: null });
    const res = await app.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email } });
    expect(res.statusCode).toBe(200);
    await app.close();
    return logs;
  }

  it('writes the link to the log on the embedded database, so the offline default works', async () => {
    const logs = await serverRunningOn('pglite');
    expect(logs.text()).toMatch(LINK_PATTERN);
  });

  it('never writes a live link to the log on PostgreSQL; it warns that mail is not configured', async () => {
    const logs = await serverRunningOn('postgres');
    expect(logs.text()).not.toContain('password_reset?token=');
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: LEVEL.warn, msg: expect.stringContaining('SMTP_URL is not set'), subject: 'Reset your password' }),
    );
  });
});
