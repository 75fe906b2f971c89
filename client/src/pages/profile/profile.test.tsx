import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApiError, fakeApi, type FakeHandlers, type ProcedureOutput } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const LINK = 'http://localhost/signup?invite=abc123';

function profileApi(overrides: FakeHandlers = {}) {
  return fakeApi({
    'auth.profile.details': () => ({
      user: {
        id: 1,
        first_name: 'Grace',
        last_name: 'Porter',
        email: 'gp@demo.partners',
        role: 'GP',
        auth_method: 'local',
        last_login: '2026-01-15T14:30:00.000Z',
        last_edit: null,
      },
      lastLogin: '2026-01-15T14:30:00.000Z',
      lastEdit: null,
      mostRecentEdit: { field_changed: 'last_name', old_value: 'Parker', new_value: 'Porter', changed_at: '2026-01-10T17:05:00.000Z' },
    }),
    'admin.invites.create': () => ({ link: LINK }),
    'admin.invites.list': () => [],
    'auth.secondFactor.status': () => ({ totp: false, recoveryCodesLeft: 0, required: false }),
    'auth.sessions.list': () => ({ sessions: [] }),
    'auth.passkeys.list': () => ({ passkeys: [] }),
    'auth.documentMail.get': () => ({ mode: 'immediate' }),
    ...overrides,
  });
}

function stubClipboard(writeText: (text: string) => Promise<void>, execCommand: () => boolean) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  document.execCommand = execCommand;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the profile', () => {
  it('shows names, e-mail, times in US Eastern time, Never when absent, and the most recent edit', async () => {
    storeSession('GP');
    renderApp('/gp_profile', profileApi());
    expect(await screen.findByText('Grace')).toBeTruthy();
    expect(screen.getByText('gp@demo.partners')).toBeTruthy();
    expect(screen.getByText('Jan 15, 2026, 9:30 AM EST')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByText('Changed last name from Parker to Porter on Jan 10, 2026, 12:05 PM EST')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/gp_dashboard');
  });

  it('disables the e-mail in edit mode for a Google account, and saves the names', async () => {
    const user = userEvent.setup();
    storeSession('GP', 'token-GP', 'google');
    const api = profileApi({ 'auth.profile.update': () => ({ message: 'Profile updated successfully!' }) });
    renderApp('/gp_profile', api);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Email')).toHaveProperty('disabled', true);
    const first = screen.getByLabelText('First Name');
    await user.clear(first);
    await user.type(first, 'Gracie');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(api.callsTo('auth.profile.update')[0]?.input).toMatchObject({
      first_name: 'Gracie',
      last_name: 'Porter',
      email: 'gp@demo.partners',
    });
    await waitFor(() => expect(api.callsTo('auth.profile.details').length).toBeGreaterThan(1));
  });

  it('asks for the current password only when the e-mail changes, and sends it', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = profileApi({ 'auth.profile.update': () => ({ message: 'Profile updated successfully!' }) });
    renderApp('/gp_profile', api);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@new.partners');
    const current = screen.getByLabelText('Current Password');
    expect(current).toHaveProperty('required', true);
    expect(current.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(current.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Your current password is needed to change your email.',
    );
    await user.type(current, 'Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(api.callsTo('auth.profile.update')[0]?.input).toMatchObject({
      first_name: 'Grace',
      email: 'grace@new.partners',
      current_password: 'Old#Pass1',
    });
  });

  it('sends no password when only the names change', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = profileApi({ 'auth.profile.update': () => ({ message: 'Profile updated successfully!' }) });
    renderApp('/gp_profile', api);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Last Name'), 'field');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(api.callsTo('auth.profile.update')[0]?.input).not.toHaveProperty('current_password');
  });

  it('keeps the fresh token a password change answers', async () => {
    const user = userEvent.setup();
    storeSession('GP', 'old-token');
    const api = profileApi({ 'auth.profile.changePassword': () => ({ message: 'Password changed successfully!', token: 'new-token' }) });
    renderApp('/gp_profile', api);
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'Old#Pass1');
    await user.type(within(dialog).getByLabelText('New Password'), 'New#Pass22');
    await user.type(within(dialog).getByLabelText('Verify New Password'), 'New#Pass23');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('New passwords do not match!')).toBeTruthy();
    expect(api.callsTo('auth.profile.changePassword')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Verify New Password'));
    await user.type(within(dialog).getByLabelText('Verify New Password'), 'New#Pass22');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password changed successfully!')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(api.callsTo('auth.profile.changePassword')[0]?.input).toEqual({ currentPassword: 'Old#Pass1', newPassword: 'New#Pass22' });
  });

  it('shows an LP no GP tools', async () => {
    storeSession('LP');
    renderApp('/lp_profile', profileApi());
    await screen.findByText('Grace');
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/lp_dashboard');
    for (const name of ['View Form Submissions', 'View User Information', 'GENERATE GP INVITE LINK', 'GENERATE LP INVITE LINK']) {
      expect(screen.queryByRole('button', { name }) ?? screen.queryByRole('link', { name })).toBeNull();
    }
    // The page's own LOG OUT (docs/product.md), beside the navigation's.
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'LOG OUT' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'LOG OUT' })).toBeTruthy();
  });

  it('lets an LP choose the weekly digest of new documents, says it is saved, and says why when it is not', async () => {
    const user = userEvent.setup();
    storeSession('LP');
    let fail = false;
    const api = profileApi({
      'auth.documentMail.set': ({ mode }: { mode: 'immediate' | 'digest' }) => {
        if (fail) throw new FakeApiError(503, 'The service is unavailable right now.');
        return { mode, message: mode === 'digest' ? 'Saved: you get one e-mail on Mondays.' : 'Saved: one e-mail each.' };
      },
    });
    renderApp('/lp_profile', api);
    const group = await screen.findByRole('group', { name: 'When a new document is filed for you, e-mail me' });
    const each = within(group).getByRole('radio', { name: /An e-mail for each new document/ }) as HTMLInputElement;
    const digest = within(group).getByRole('radio', { name: /A weekly digest/ }) as HTMLInputElement;
    expect(each.checked).toBe(true);
    await user.click(digest);
    const card = screen.getByRole('region', { name: 'Notifications about new documents' });
    expect((await within(card).findByRole('status')).textContent).toBe('Saved: you get one e-mail on Mondays.');
    expect(digest.checked).toBe(true);
    expect(api.callsTo('auth.documentMail.set')[0]?.input).toEqual({ mode: 'digest' });
    fail = true;
    await user.click(each);
    expect((await within(card).findByRole('alert')).textContent).toBe('The service is unavailable right now.');
  });

  it('LOG OUT ends the session on the server, then clears token, role and authMethod and goes to /login', async () => {
    const user = userEvent.setup();
    storeSession('LP', 'lp-session-token');
    const storedWhenCalled: (string | null)[] = [];
    const api = profileApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.logout': () => {
        storedWhenCalled.push(localStorage.getItem('token'));
        return { message: 'You have been logged out.' };
      },
    });
    renderApp('/lp_profile', api);
    await screen.findByText('Grace');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'LOG OUT' }));
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(api.callsTo('auth.logout')).toMatchObject([{ path: 'auth.logout', input: undefined, authorization: 'Bearer lp-session-token' }]);
    // The server was told while the session was still stored here.
    expect(storedWhenCalled).toEqual(['lp-session-token']);
    expect([localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('authMethod')]).toEqual([null, null, null]);
  });

  it.each([
    [500, 'Something went wrong. Please try again.'],
    [401, 'Your session has ended. Please log in again.'],
    [503, 'The service is temporarily unavailable. Please try again in a moment.'],
  ])('LOG OUT still logs out here when the server answers %i', async (status, message) => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = profileApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.logout': () => {
        throw new FakeApiError(status, message);
      },
    });
    renderApp('/gp_profile', api);
    await screen.findByText('Grace');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'LOG OUT' }));
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(api.callsTo('auth.logout')).toHaveLength(1);
    expect([localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('authMethod')]).toEqual([null, null, null]);
  });

  it('LOG OUT logs out here when the server does not answer in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    storeSession('GP');
    const api = profileApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.logout': () => new Promise<never>(() => undefined),
    });
    renderApp('/gp_profile', api);
    await screen.findByText('Grace');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'LOG OUT' }));
    await waitFor(() => expect(api.callsTo('auth.logout')).toHaveLength(1));
    expect(localStorage.getItem('token')).toBe('token-GP');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('invite links', () => {
  it('copies the link and says so for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText, () => false);
    storeSession('GP');
    const api = profileApi();
    renderApp('/gp_profile', api);
    await user.click(await screen.findByRole('button', { name: 'GENERATE LP INVITE LINK' }));
    expect(await screen.findByText('Invite link copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(api.callsTo('admin.invites.create')[0]?.input).toEqual({ role: 'LP', validityHours: 24 });
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.queryByText('Invite link copied!')).toBeNull();
    // What was copied stays in view after the toast.
    expect(screen.getByLabelText('LP invite link (copied)')).toHaveProperty('value', LINK);
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    const user = userEvent.setup(); // before the stub: user-event installs a clipboard of its own
    const execCommand = vi.fn(() => true);
    stubClipboard(() => Promise.reject(new Error('denied')), execCommand);
    storeSession('GP');
    renderApp('/gp_profile', profileApi());
    await user.click(await screen.findByRole('button', { name: 'GENERATE GP INVITE LINK' }));
    expect(await screen.findByText('Invite link copied!')).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.queryByLabelText('Link ready')).toBeNull();
  });

  it("shows the link in a read-only 'Link ready' box for 5 seconds when both copies fail", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubClipboard(
      () => Promise.reject(new Error('denied')),
      () => false,
    );
    storeSession('GP');
    renderApp('/gp_profile', profileApi());
    await user.click(await screen.findByRole('button', { name: 'GENERATE LP INVITE LINK' }));
    const box = await screen.findByLabelText('Link ready');
    expect(box).toHaveProperty('value', LINK);
    expect(box).toHaveProperty('readOnly', true);
    await act(() => vi.advanceTimersByTimeAsync(5100));
    expect(screen.queryByLabelText('Link ready')).toBeNull();
  });

  it("shows the server's error when an invite cannot be made", async () => {
    storeSession('GP');
    renderApp(
      '/gp_profile',
      profileApi({
        'admin.invites.create': () => {
          throw new FakeApiError(403, 'Only general partners can do that.');
        },
      }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'GENERATE GP INVITE LINK' }));
    expect(await screen.findByText('Only general partners can do that.')).toBeTruthy();
  });
});

describe('open invites', () => {
  const OPEN: ProcedureOutput<'admin.invites.list'> = [
    {
      id: 7,
      role: 'LP',
      created_by: 'Grace Porter (gp@demo.partners)',
      created_at: '2026-01-15T14:30:00.000Z',
      expires_at: '2026-01-16T14:30:00.000Z',
    },
    { id: 9, role: 'GP', created_by: null, created_at: '2026-01-15T15:00:00.000Z', expires_at: '2026-01-16T15:00:00.000Z' },
  ];

  it('says so when there are none', async () => {
    storeSession('GP');
    renderApp('/gp_profile', profileApi());
    expect(await screen.findByText('No open invites.')).toBeTruthy();
  });

  it('lists each with its creator and expiry, and revokes one after asking', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    let open = OPEN;
    const api = profileApi({
      'admin.invites.list': () => open,
      'admin.invites.revoke': (input) => {
        open = open.filter((i) => i.id !== input.id);
        return { message: 'Invite revoked.' };
      },
    });
    renderApp('/gp_profile', api);
    const list = await screen.findByRole('list', { name: 'Open invites' });
    expect(within(list).getByText('LP invite')).toBeTruthy();
    expect(within(list).getByText('By Grace Porter (gp@demo.partners) · expires Jan 16, 2026, 9:30 AM EST')).toBeTruthy();
    expect(within(list).getByText('By an operator · expires Jan 16, 2026, 10:00 AM EST')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Revoke LP invite expiring Jan 16, 2026, 9:30 AM EST' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invite revoked.')).toBeTruthy();
    expect(api.callsTo('admin.invites.revoke')[0]?.input).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByText('LP invite')).toBeNull());
    expect(screen.getByText('GP invite')).toBeTruthy();
  });

  it('asks for the list again after a new invite is made', async () => {
    stubClipboard(
      () => Promise.resolve(),
      () => false,
    );
    storeSession('GP');
    const api = profileApi();
    renderApp('/gp_profile', api);
    await screen.findByText('No open invites.');
    const before = api.callsTo('admin.invites.list').length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'GENERATE LP INVITE LINK' }));
    await waitFor(() => expect(api.callsTo('admin.invites.list').length).toBeGreaterThan(before));
  });
});
