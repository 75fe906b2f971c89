import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { DomainError } from '../src/contract/errors';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { userEditLogs, users } from '../src/db/schema';
import { deleteUser, type AuthUser } from '../src/services/users/users';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, type Harness } from './support/harness';

const PASSWORD = 'Passw0rd!';
const PASSWORD_RULE_MESSAGE =
  'Password must be 8–14 characters long and include at least one uppercase letter, one number, and one special character.';
const EMAIL_TAKEN = 'An account with this email already exists.';
const LAST_GP = 'The last general partner cannot be deleted.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** The session of a caller made up for a service-level call (deleting a user does not look at it). */
const NO_SESSION = '00000000-0000-4000-8000-000000000000';

interface ProfileDetailsBody {
  user: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    role: string;
    auth_method: string;
    last_login: string | null;
    last_edit: string | null;
  };
  lastLogin: string | null;
  lastEdit: string | null;
  mostRecentEdit: { field_changed: string; old_value: string | null; new_value: string | null; changed_at: string } | null;
}

interface UserInfoBody {
  users: Record<string, unknown>[];
  logs: Record<string, unknown>[];
}

/** Every key at any depth of a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  }
  return [];
}

describe.each(databaseKinds)('profile and user administration on %s', (kind) => {
  let h: Harness;
  let gpId: number;
  let gpToken: string;
  let counter = 0;
  const uniqueEmail = (tag: string) => `${tag}-${++counter}@profile-${kind}.test`;

  beforeAll(async () => {
    h = await createHarness(kind);
    gpId = await h.createUser({ email: 'gp-profile@test.dev', password: PASSWORD, role: 'GP', firstName: 'Grace', lastName: 'Partner' });
    gpToken = await h.login('gp-profile@test.dev', PASSWORD);
  });
  afterAll(() => h.close());

  /** A new user, logged in through REST. */
  async function signedIn(tag: string, role: 'GP' | 'LP' = 'LP', names: { firstName?: string; lastName?: string } = {}) {
    const email = uniqueEmail(tag);
    const id = await h.createUser({ email, password: PASSWORD, role, ...names });
    const token = await h.login(email, PASSWORD);
    return { id, email, token };
  }

  const getDetails = (token: string) => h.inject({ method: 'GET', url: '/api/users/profile/details', headers: bearer(token) });
  const putProfile = (token: string, payload: Record<string, unknown>) =>
    h.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload });
  const changePassword = (token: string, currentPassword: string, newPassword: string) =>
    h.inject({ method: 'PUT', url: '/api/users/change-password', headers: bearer(token), payload: { currentPassword, newPassword } });
  const deleteById = (token: string, id: number | string) =>
    h.inject({ method: 'DELETE', url: `/api/users/userinfo/${id}`, headers: bearer(token) });

  async function userRow(id: number) {
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    return row;
  }
  const logsOf = (id: number) => h.database.db.select().from(userEditLogs).where(eq(userEditLogs.userId, id)).orderBy(asc(userEditLogs.id));

  describe('profile details', () => {
    it('answers the user, lastLogin, and null lastEdit and mostRecentEdit for a new user', async () => {
      const { id, email, token } = await signedIn('details', 'LP', { firstName: 'Lena', lastName: 'Limited' });
      const row = await userRow(id);
      const lastLogin = row?.lastLogin?.toISOString() ?? null;
      expect(lastLogin).not.toBeNull();

      const res = await getDetails(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id,
          first_name: 'Lena',
          last_name: 'Limited',
          email,
          role: 'LP',
          auth_method: 'local',
          last_login: lastLogin,
          last_edit: null,
        },
        lastLogin,
        lastEdit: null,
        mostRecentEdit: null,
      });
    });

    it('is served in-process through the tRPC caller too', async () => {
      const { token } = await signedIn('caller');
      const viaCaller = await h.caller(token).auth.profile.details();
      const viaRest = (await getDetails(token)).json<ProfileDetailsBody>();
      expect(viaCaller).toEqual(viaRest);
    });

    it('answers UNAUTHORIZED through the tRPC caller without a token or with an ended session', async () => {
      await expect(h.caller(null).auth.profile.details()).rejects.toSatisfy(
        (e: unknown) => e instanceof TRPCError && e.code === 'UNAUTHORIZED',
      );
      const { id, token } = await signedIn('ended', 'LP');
      await h.database.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, id));
      await expect(h.caller(token).auth.profile.details()).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: SESSION_ENDED,
      });
    });
  });

  describe('profile update', () => {
    it('changes names and e-mail only, logs each changed field, and sets last_edit', async () => {
      const { id, email, token } = await signedIn('update', 'LP', { firstName: 'Old', lastName: 'Name' });
      const before = await userRow(id);
      const newEmail = uniqueEmail('updated');

      const at = h.clock.now().getTime();
      const res = await putProfile(token, {
        first_name: '  Nia ',
        last_name: 'Nouveau',
        email: newEmail.toUpperCase(),
        current_password: PASSWORD,
        last_login: '2001-01-01T00:00:00.000Z',
        last_edit: '2001-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Profile updated successfully!' });

      const after = await userRow(id);
      expect(after).toMatchObject({
        firstName: 'Nia',
        lastName: 'Nouveau',
        email: newEmail,
        role: 'LP',
        passwordHash: before?.passwordHash,
        tokenVersion: before?.tokenVersion,
      });
      // last_login sent by the client is ignored; last_edit is the server's time.
      expect(after?.lastLogin).toEqual(before?.lastLogin);
      expect(after?.lastEdit?.getTime()).toBeGreaterThanOrEqual(at);
      expect(after?.lastEdit?.getTime()).toBeLessThanOrEqual(h.clock.now().getTime());

      const logs = await logsOf(id);
      expect(logs.map((l) => [l.fieldChanged, l.oldValue, l.newValue])).toEqual([
        ['first_name', 'Old', 'Nia'],
        ['last_name', 'Name', 'Nouveau'],
        ['email', email, newEmail],
      ]);
      for (const log of logs) {
        expect(log.changedBy).toBe(id);
        expect(log.userEmail).toBe(newEmail);
        expect(log.changedAt).toEqual(after?.lastEdit);
      }

      // The session goes on and the new e-mail signs in.
      const details = (await getDetails(token)).json<ProfileDetailsBody>();
      expect(details.user).toMatchObject({ first_name: 'Nia', last_name: 'Nouveau', email: newEmail });
      expect(details.lastEdit).toBe(after?.lastEdit?.toISOString());
      expect(details.lastLogin).toBe(before?.lastLogin?.toISOString());
      expect(details.mostRecentEdit).not.toBeNull();
      expect(
        (await h.inject({ method: 'POST', url: '/api/users/login', payload: { email: newEmail, password: PASSWORD } })).statusCode,
      ).toBe(200);
    });

    it('shows the latest change as mostRecentEdit', async () => {
      const { id, email, token } = await signedIn('recent', 'LP', { firstName: 'First', lastName: 'Last' });
      expect((await putProfile(token, { first_name: 'Second', last_name: 'Last', email })).statusCode).toBe(200);
      h.clock.advance(1_000);
      expect((await putProfile(token, { first_name: 'Second', last_name: 'Later', email })).statusCode).toBe(200);

      const details = (await getDetails(token)).json<ProfileDetailsBody>();
      const [latest] = await h.database.db
        .select()
        .from(userEditLogs)
        .where(eq(userEditLogs.userId, id))
        .orderBy(asc(userEditLogs.id))
        .then((rows) => rows.slice(-1));
      expect(details.mostRecentEdit).toEqual({
        field_changed: 'last_name',
        old_value: 'Last',
        new_value: 'Later',
        changed_at: latest?.changedAt.toISOString(),
      });
      expect(details.lastEdit).toBe(latest?.changedAt.toISOString());
      expect(await logsOf(id)).toHaveLength(2);
    });

    it('writes nothing when nothing changed', async () => {
      const { id, email, token } = await signedIn('same', 'LP', { firstName: 'Same', lastName: 'Same' });
      const res = await putProfile(token, { first_name: 'Same', last_name: 'Same', email: email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(await logsOf(id)).toHaveLength(0);
      expect((await userRow(id))?.lastEdit).toBeNull();
    });

    it("answers 409 for another user's e-mail and changes nothing", async () => {
      const other = await signedIn('other');
      const { id, token } = await signedIn('wants-other', 'LP', { firstName: 'Keep', lastName: 'Me' });

      const res = await putProfile(token, {
        first_name: 'Changed',
        last_name: 'Me',
        email: other.email.toUpperCase(),
        current_password: PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: EMAIL_TAKEN });
      expect(await userRow(id)).toMatchObject({ firstName: 'Keep', lastName: 'Me', lastEdit: null });
      expect(await logsOf(id)).toHaveLength(0);
    });

    it('needs the current password to change the e-mail and tells the old address', async () => {
      const { id, email, token } = await signedIn('mail-change', 'LP', { firstName: 'Mo', lastName: 'Ved' });
      const newEmail = uniqueEmail('moved');
      const names = { first_name: 'Mo', last_name: 'Ved' };

      const missing = await putProfile(token, { ...names, email: newEmail });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: 'Enter your current password to change your email.' });
      const wrong = await putProfile(token, { ...names, email: newEmail, current_password: 'Wrong#Pass1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: 'Current password is incorrect.' });
      expect((await userRow(id))?.email).toBe(email);
      expect(await logsOf(id)).toHaveLength(0);

      const mailsBefore = h.mails.length;
      const done = await putProfile(token, { ...names, email: newEmail, current_password: PASSWORD });
      expect(done.statusCode).toBe(200);
      expect((await userRow(id))?.email).toBe(newEmail);
      const sent = h.mails.slice(mailsBefore);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe(email);
      expect(sent[0]?.subject).toBe('Your partner portal email was changed');
      expect(sent[0]?.text).toContain(`from ${email} to ${newEmail}`);
      expect(sent[0]?.text).toContain('https://portal.test/login');

      // A name change alone needs no password and sends no mail.
      const renamed = await putProfile(token, { first_name: 'Moe', last_name: 'Ved', email: newEmail });
      expect(renamed.statusCode).toBe(200);
      expect(h.mails.length).toBe(mailsBefore + 1);
    });

    it('counts wrong current passwords before checking them: the eleventh try is refused with 429', async () => {
      const { id, email, token } = await signedIn('guessing', 'LP', { firstName: 'Gus', lastName: 'Sing' });
      const newEmail = uniqueEmail('taken-over');
      const tries = await Promise.all(
        Array.from({ length: 10 }, () =>
          putProfile(token, { first_name: 'Gus', last_name: 'Sing', email: newEmail, current_password: 'Wrong#Pass1' }),
        ),
      );
      expect(tries.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
      const right = await putProfile(token, { first_name: 'Gus', last_name: 'Sing', email: newEmail, current_password: PASSWORD });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ error: 'Too many wrong passwords. Please wait 15 minutes and try again.' });
      // The same count guards changing the password.
      expect((await changePassword(token, PASSWORD, 'New#Pass22')).statusCode).toBe(429);
      expect((await userRow(id))?.email).toBe(email);
    });

    it('refuses an e-mail change for a Google account but allows a name change', async () => {
      const email = uniqueEmail('google');
      const googleId = `google-sub-${kind}-4242`;
      const id = await h.createUser({ email, password: null, role: 'LP', googleId, firstName: 'Gee', lastName: 'Oogle' });
      const token = await h.tokenFor(id);

      expect((await getDetails(token)).json<ProfileDetailsBody>().user.auth_method).toBe('google');

      const refused = await putProfile(token, { first_name: 'Gee', last_name: 'Oogle', email: uniqueEmail('elsewhere') });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'The email of a Google account cannot be changed.' });
      expect((await userRow(id))?.email).toBe(email);

      const renamed = await putProfile(token, { first_name: 'Gia', last_name: 'Oogle', email });
      expect(renamed.statusCode).toBe(200);
      expect(await userRow(id)).toMatchObject({ firstName: 'Gia', email, googleId });
      expect((await logsOf(id)).map((l) => l.fieldChanged)).toEqual(['first_name']);
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password', async () => {
      const { id, token } = await signedIn('wrong-current');
      const res = await changePassword(token, 'Wr0ng!Pass', 'New!Passw0rd');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Current password is incorrect.' });
      expect(await logsOf(id)).toHaveLength(0);
      expect((await getDetails(token)).statusCode).toBe(200);
    });

    it('refuses a weak new password with the documented message', async () => {
      const { email, token } = await signedIn('weak-new');
      for (const weak of ['password', 'Sh0rt!', 'Passw0rdX', 'Passw0rd!Passwo']) {
        const res = await changePassword(token, PASSWORD, weak);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: PASSWORD_RULE_MESSAGE });
      }
      expect((await h.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: PASSWORD } })).statusCode).toBe(200);
    });

    it('sets the new password, answers a new token, and ends the old session', async () => {
      const { id, email, token: oldToken } = await signedIn('changes');
      const res = await changePassword(oldToken, PASSWORD, 'New!Passw0rd');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ message: string; token: string }>();
      expect(body).toEqual({ message: 'Password changed successfully!', token: expect.any(String) });
      expect(body.token).not.toBe(oldToken);

      const withNew = await getDetails(body.token);
      expect(withNew.statusCode).toBe(200);
      expect(withNew.json<ProfileDetailsBody>().user.id).toBe(id);

      const withOld = await getDetails(oldToken);
      expect(withOld.statusCode).toBe(401);
      expect(withOld.json()).toEqual({ error: SESSION_ENDED });

      const login = (password: string) => h.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      expect((await login(PASSWORD)).statusCode).toBe(401);
      expect((await login('New!Passw0rd')).statusCode).toBe(200);

      const logs = await logsOf(id);
      expect(logs.map((l) => l.fieldChanged)).toEqual(['password']);
      expect(JSON.stringify(logs)).not.toContain('Passw0rd');
      expect(JSON.stringify(logs)).not.toContain('$argon2');
    });

    it('refuses a Google account that has no password', async () => {
      const id = await h.createUser({ email: uniqueEmail('google-pw'), password: null, role: 'LP', googleId: `g-${kind}-pw` });
      const token = await h.tokenFor(id);
      const res = await changePassword(token, 'Anything1!', 'New!Passw0rd');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'This account signs in with Google and has no password to change.' });
    });
  });

  describe('user info', () => {
    it('lists users and logs with no password hash or Google id', async () => {
      const googleId = `google-secret-sub-${kind}-987654321`;
      const googleUser = await h.createUser({ email: uniqueEmail('listed-google'), password: null, role: 'LP', googleId });
      const local = await signedIn('listed-local', 'LP', { firstName: 'Lou', lastName: 'Listed' });
      // Give the log list something to show: a profile edit and a password change.
      expect((await putProfile(local.token, { first_name: 'Louis', last_name: 'Listed', email: local.email })).statusCode).toBe(200);
      expect((await changePassword(local.token, PASSWORD, 'New!Passw0rd')).statusCode).toBe(200);

      const res = await h.inject({ method: 'GET', url: '/api/users/userinfo', headers: bearer(gpToken) });
      expect(res.statusCode).toBe(200);
      const body = res.json<UserInfoBody>();
      expect(Object.keys(body).sort()).toEqual(['logs', 'users']);

      const rows = await h.database.db.select().from(users);
      expect(body.users).toHaveLength(rows.length);
      for (const u of body.users) {
        expect(u).toEqual(
          expect.objectContaining({
            id: expect.any(Number),
            first_name: expect.any(String),
            last_name: expect.any(String),
            email: expect.any(String),
            role: expect.stringMatching(/^(GP|LP)$/),
          }),
        );
      }
      expect(body.users.find((u) => u.id === local.id)).toMatchObject({
        first_name: 'Louis',
        last_name: 'Listed',
        email: local.email,
        role: 'LP',
      });
      expect(body.users.find((u) => u.id === googleUser)).toBeDefined();
      for (const l of body.logs) expect(l).toEqual(expect.objectContaining({ id: expect.any(Number) }));
      expect(body.logs.filter((l) => l.user_id === local.id).map((l) => l.field_changed)).toEqual(['password', 'first_name']);

      for (const key of keysOf(body)) {
        expect(key.toLowerCase()).not.toContain('password');
        expect(key.toLowerCase()).not.toContain('google');
        expect(key.toLowerCase()).not.toContain('token');
      }
      const text = res.body;
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(googleId);
      for (const row of rows) {
        if (row.passwordHash) expect(text).not.toContain(row.passwordHash);
      }
    });

    it('is for GPs only: FORBIDDEN for an LP through the caller, 403 through REST', async () => {
      const { token } = await signedIn('lp-userinfo');
      await expect(h.caller(token).admin.users.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const res = await h.inject({ method: 'GET', url: '/api/users/userinfo', headers: bearer(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only general partners can do that.' });
    });
  });

  describe('user delete', () => {
    it('lets a GP delete an LP, whose session then ends', async () => {
      const lp = await signedIn('doomed', 'LP');
      expect((await putProfile(lp.token, { first_name: 'Gone', last_name: 'Soon', email: lp.email })).statusCode).toBe(200);

      const res = await deleteById(gpToken, lp.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'User deleted.' });
      expect(await userRow(lp.id)).toBeUndefined();

      const stale = await getDetails(lp.token);
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ error: SESSION_ENDED });

      // The log still names the deleted account.
      const info = (await h.inject({ method: 'GET', url: '/api/users/userinfo', headers: bearer(gpToken) })).json<UserInfoBody>();
      expect(info.users.find((u) => u.id === lp.id)).toBeUndefined();
      expect(info.logs.filter((l) => l.user_email === lp.email).map((l) => [l.user_id, l.field_changed])).toEqual([
        [null, 'last_name'],
        [null, 'first_name'],
      ]);
    });

    it('answers 404 for a missing id', async () => {
      const res = await deleteById(gpToken, 999_999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found.' });
    });

    it('answers 409 for deleting oneself', async () => {
      const res = await deleteById(gpToken, gpId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'You cannot delete your own account.' });
      expect(await userRow(gpId)).toBeDefined();
    });

    it('answers 400 for an id that is not a number', async () => {
      for (const id of ['abc', '0', '-3', '1.5']) {
        const res = await deleteById(gpToken, id);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'A valid id is required.' });
      }
    });

    it('answers BAD_REQUEST through the caller for an invalid id', async () => {
      await expect(h.caller(gpToken).admin.users.remove({ id: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('does not let an LP delete anyone', async () => {
      const lp = await signedIn('lp-deleter', 'LP');
      const victim = await signedIn('lp-victim', 'LP');
      const res = await deleteById(lp.token, victim.id);
      expect(res.statusCode).toBe(403);
      expect(await userRow(victim.id)).toBeDefined();
      await expect(h.caller(lp.token).admin.users.remove({ id: victim.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it('lets a GP delete another GP while another remains', async () => {
      const other = await signedIn('other-gp', 'GP');
      const res = await deleteById(gpToken, other.id);
      expect(res.statusCode).toBe(200);
      expect(await userRow(other.id)).toBeUndefined();
      expect((await getDetails(other.token)).statusCode).toBe(401);
    });

    it('deletes users who made or used invites and who have a pending password reset', async () => {
      const inviter = await signedIn('inviter-gp', 'GP');
      const invite = await h.inject({
        method: 'POST',
        url: '/api/invites',
        headers: bearer(inviter.token),
        payload: { validityHours: 24, role: 'LP' },
      });
      expect(invite.statusCode).toBe(201);
      const inviteCode = new URL(invite.json<{ link: string }>().link).searchParams.get('invite') ?? '';
      const invitedEmail = uniqueEmail('invited');
      const signup = await h.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: {
          firstName: 'In',
          lastName: 'Vited',
          email: invitedEmail,
          password: 'Str0ng!Pass',
          confirmPassword: 'Str0ng!Pass',
          inviteCode,
        },
      });
      expect(signup.statusCode).toBe(201);
      const [invited] = await h.database.db.select().from(users).where(eq(users.email, invitedEmail));
      if (!invited) throw new Error('invited user not created');
      const reset = await h.inject({ method: 'POST', url: '/api/users/request-password-reset', payload: { email: invitedEmail } });
      expect(reset.statusCode).toBe(200);

      expect((await deleteById(gpToken, inviter.id)).statusCode).toBe(200);
      expect((await deleteById(gpToken, invited.id)).statusCode).toBe(200);
      expect(await userRow(inviter.id)).toBeUndefined();
      expect(await userRow(invited.id)).toBeUndefined();
    });
  });

  /** Its own database, so the general partners present are exactly the ones made here. */
  describe('the last general partner', () => {
    let solo: Harness;
    beforeAll(async () => {
      solo = await createHarness(kind);
    });
    afterAll(() => solo.close());

    const gpCount = async () => (await solo.database.db.select().from(users).where(eq(users.role, 'GP'))).length;

    /**
     * Starts the requests while another transaction holds the rows of these users, and lets go
     * only once both requests wait on them, so on PostgreSQL their transactions really overlap.
     * PGlite runs one transaction at a time, so there the requests simply start together.
     */
    async function overlapping<T>(ids: number[], start: () => Promise<T>[]): Promise<T[]> {
      if (kind === 'pglite') return Promise.all(start());
      let pending: Promise<T[]> | undefined;
      await solo.database.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).for('update');
        pending = Promise.all(start());
        const deadline = Date.now() + 10_000;
        for (;;) {
          // postgres-js answers the rows as an array.
          const rows: unknown = await solo.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          const waiting = Array.isArray(rows) ? Number((rows[0] as { n?: unknown } | undefined)?.n ?? 0) : 0;
          if (waiting >= ids.length || Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      if (!pending) throw new Error('requests not started');
      return pending;
    }

    it('survives two GPs deleting each other at the same time', async () => {
      const a = await solo.createUser({ email: 'gp-a@solo.test', password: PASSWORD, role: 'GP' });
      const b = await solo.createUser({ email: 'gp-b@solo.test', password: PASSWORD, role: 'GP' });
      const tokenA = await solo.login('gp-a@solo.test', PASSWORD);
      const tokenB = await solo.login('gp-b@solo.test', PASSWORD);

      const [aDeletesB, bDeletesA] = await overlapping([a, b], () => [
        solo.inject({ method: 'DELETE', url: `/api/users/userinfo/${b}`, headers: bearer(tokenA) }),
        solo.inject({ method: 'DELETE', url: `/api/users/userinfo/${a}`, headers: bearer(tokenB) }),
      ]);
      const results = [aDeletesB, bDeletesA].map((r) => ({ statusCode: r?.statusCode, body: r?.json<unknown>() }));
      expect(results.filter((r) => r.statusCode === 200)).toEqual([{ statusCode: 200, body: { message: 'User deleted.' } }]);
      const refused = results.find((r) => r.statusCode !== 200);
      if (kind === 'postgres') {
        // Both got past sign-in before either deleted, so the last-GP rule is what stops the second.
        expect(refused).toEqual({ statusCode: 409, body: { error: LAST_GP } });
      } else {
        // One at a time: the loser is stopped by the rule, or because its own account is already gone.
        expect([
          { statusCode: 409, body: { error: LAST_GP } },
          { statusCode: 401, body: { error: SESSION_ENDED } },
        ]).toContainEqual(refused);
      }
      expect(await gpCount()).toBe(1);
    });

    it('refuses to delete the only GP left (service level, as no GP can reach it through REST)', async () => {
      const [last] = await solo.database.db.select().from(users).where(eq(users.role, 'GP'));
      if (!last) throw new Error('no GP left');
      // Through REST the deleting GP always counts as a second GP, so call the service as another account.
      const lpId = await solo.createUser({ email: 'lp@solo.test', password: PASSWORD, role: 'LP' });
      const me: AuthUser = { id: lpId, role: 'GP', email: 'lp@solo.test', sessionId: NO_SESSION };

      const attempt = deleteUser(solo.deps, me, last.id);
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toMatchObject({ kind: 'conflict', message: LAST_GP });
      expect(await gpCount()).toBe(1);

      // An LP can still be deleted, and the last GP cannot delete themselves either.
      await expect(deleteUser(solo.deps, { id: last.id, role: 'GP', email: last.email, sessionId: NO_SESSION }, lpId)).resolves.toEqual({
        message: 'User deleted.',
      });
      const token = await solo.login(last.email, PASSWORD);
      const self = await solo.inject({ method: 'DELETE', url: `/api/users/userinfo/${last.id}`, headers: bearer(token) });
      expect(self.statusCode).toBe(409);
      expect(await gpCount()).toBe(1);
    });

    it('lets the last GP be deleted once another GP exists', async () => {
      const [last] = await solo.database.db.select().from(users).where(eq(users.role, 'GP'));
      if (!last) throw new Error('no GP left');
      const newcomer = await solo.createUser({ email: 'gp-c@solo.test', password: PASSWORD, role: 'GP' });
      await expect(
        deleteUser(solo.deps, { id: newcomer, role: 'GP', email: 'gp-c@solo.test', sessionId: NO_SESSION }, last.id),
      ).resolves.toEqual({
        message: 'User deleted.',
      });
      expect(await gpCount()).toBe(1);
    });
  });
});
