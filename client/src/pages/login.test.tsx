import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi, type ProcedureOutput } from '../test/fake-api';
import { dashboardReads } from '../test/portfolio-fixtures';
import { renderApp } from '../test/render-app';

const RESET_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';

/** `role` as the server sends it; 'lp' and 'auditor' are outside its contract, on purpose (the client copes). */
function loginApi(role: string) {
  // The dashboard reads too: a successful login goes on to the dashboard.
  return fakeApi(
    dashboardReads({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.login': () => ({ token: 'fresh-token', role: role as ProcedureOutput<'auth.loginSecondFactor'>['role'] }),
      'auth.passwordReset.request': () => ({ message: RESET_MESSAGE }),
    }),
  );
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'someone@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login', () => {
  it('ties the contract’s messages to the fields and sends nothing until they are right', async () => {
    const user = userEvent.setup();
    const api = loginApi('GP');
    renderApp('/login', api);
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText('Email is required.').id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(screen.getByText('Password is required.').id);
    expect(document.activeElement).toBe(email);

    // The server's e-mail rule: a top-level domain of one letter is refused here too.
    await user.type(email, 'someone@example.c');
    await user.type(password, 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText('Please enter a valid email address.').id);
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo('auth.login')).toHaveLength(0);
  });

  it('stores the session with the role upper-cased and goes to the LP dashboard', async () => {
    const user = userEvent.setup();
    renderApp('/login', loginApi('lp'));
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'LP Dashboard' })).toBeTruthy();
    expect(window.location.pathname).toBe('/lp_dashboard');
    expect([localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('authMethod')]).toEqual([
      'fresh-token',
      'LP',
      'local',
    ]);
  });

  it('asks for the dashboard’s figures without the lots, once, when it signs in', async () => {
    const user = userEvent.setup();
    const api = loginApi('GP');
    renderApp('/login', api);
    await logIn(user);
    await screen.findByRole('region', { name: 'Liquid Assets table' });
    const login = api.callsTo('auth.login')[0]?.request ?? 0;
    // The prefetch (docs/decisions/0025): the positions, once, after the login; never the valuation or a symbol's lots.
    expect(api.callsTo('portfolio.positions').map((c) => c.request > login)).toEqual([true]);
    expect(api.callsTo('portfolio.valuation')).toEqual([]);
    expect(api.callsTo('portfolio.lots')).toEqual([]);
  });

  it('asks an account with two-factor sign-in for its code, shows a wrong one, and signs in with the right one', async () => {
    const user = userEvent.setup();
    const api = fakeApi(
      dashboardReads({
        'auth.clientSettings': () => ({ googleClientId: null }),
        'auth.login': () => ({ secondFactor: 'required', challenge: 'the-challenge', methods: ['totp', 'recovery'] }),
        'auth.loginSecondFactor': ({ code }) => {
          if (code !== '123456') throw new FakeApiError(401, 'That code is not right. Check your authenticator app and try again.');
          return { token: 'two-factor-token', role: 'GP' };
        },
      }),
    );
    renderApp('/login', api);
    await logIn(user);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'TWO-FACTOR SIGN-IN' })).toBeTruthy();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const problem = await screen.findByText('That code is not right. Check your authenticator app and try again.');
    expect(code.getAttribute('aria-describedby')).toContain(problem.id);
    expect(window.location.pathname).toBe('/login');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'GP Dashboard' })).toBeTruthy();
    expect(api.callsTo('auth.loginSecondFactor').map((c) => c.input)).toEqual([
      { challenge: 'the-challenge', code: '000000' },
      { challenge: 'the-challenge', code: '123456' },
    ]);
    expect(localStorage.getItem('token')).toBe('two-factor-token');
  });

  it('takes a recovery code instead', async () => {
    const user = userEvent.setup();
    const api = fakeApi(
      dashboardReads({
        'auth.clientSettings': () => ({ googleClientId: null }),
        'auth.login': () => ({ secondFactor: 'required', challenge: 'c', methods: ['totp', 'recovery'] }),
        'auth.loginSecondFactor': () => ({ token: 't', role: 'LP' }),
      }),
    );
    renderApp('/login', api);
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKMN');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'LP Dashboard' })).toBeTruthy();
    expect(api.callsTo('auth.loginSecondFactor')[0]?.input).toEqual({ challenge: 'c', code: 'ABCD-EFGH-JKMN' });
  });

  it('says Unknown role for a role that is neither GP nor LP', async () => {
    const user = userEvent.setup();
    renderApp('/login', loginApi('auditor'));
    await logIn(user);
    expect(await screen.findByText('Unknown role')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it("falls back to 'Login failed' when the server sent no message", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.login': () => {
        throw new FakeApiError(500, '');
      },
    });
    renderApp('/login', api);
    await logIn(user);
    expect(await screen.findByText('Login failed')).toBeTruthy();
  });

  it('shows the password when Show Password is ticked', async () => {
    const user = userEvent.setup();
    renderApp('/login', loginApi('GP'));
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByLabelText('Show Password'));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('hides the Google button unless the server names a Google client id', async () => {
    renderApp('/login', loginApi('GP'));
    await screen.findByRole('button', { name: 'Log In' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Google/ })).toBeNull());
  });
});

describe('the Forgot Password modal', () => {
  it('shows the answer, disables Send, turns Cancel into Done, and starts clean when opened again', async () => {
    const user = userEvent.setup();
    const api = loginApi('GP');
    renderApp('/login', api);
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Your Password' });
    await user.type(within(dialog).getByLabelText('Email'), 'gp@demo.partners');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));

    expect(await within(dialog).findByText(RESET_MESSAGE)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send Reset Link' })).toHaveProperty('disabled', true);
    expect(api.callsTo('auth.passwordReset.request')[0]?.input).toEqual({ email: 'gp@demo.partners' });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    const again = await screen.findByRole('dialog', { name: 'Reset Your Password' });
    expect(within(again).getByLabelText('Email')).toHaveProperty('value', '');
    expect(within(again).queryByText(RESET_MESSAGE)).toBeNull();
    expect(within(again).getByRole('button', { name: 'Send Reset Link' })).toHaveProperty('disabled', false);
    expect(within(again).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});

describe('Google sign-in', () => {
  it("shows 'Log in with Google' and loads Google's script only when the server names a client id", async () => {
    const api = fakeApi({ 'auth.clientSettings': () => ({ googleClientId: 'client-123.apps.googleusercontent.com' }) });
    renderApp('/login', api);
    expect(await screen.findByRole('button', { name: 'Log in with Google' })).toBeTruthy();
    const script = document.head.querySelector<HTMLScriptElement>('script[src^="https://accounts.google.com/"]');
    expect(script?.src).toBe('https://accounts.google.com/gsi/client');
  });
});

describe('login with a page to return to', () => {
  it.each(['/.//evil.example', '/%2F/evil.example', '/./\\evil.example', '/\\/evil.example', '/.%09//evil.example'])(
    'goes to the dashboard when ?next= is %j',
    async (next) => {
      const user = userEvent.setup();
      renderApp(`/login?next=${encodeURIComponent(next)}`, loginApi('GP'));
      await logIn(user);
      expect(await screen.findByRole('heading', { name: 'GP Dashboard' })).toBeTruthy();
      expect(window.location.pathname).toBe('/gp_dashboard');
    },
  );

  it('returns to the page asked for, its query kept', async () => {
    const user = userEvent.setup();
    renderApp(`/login?next=${encodeURIComponent('/gp_dashboard?from=mail')}`, loginApi('GP'));
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'GP Dashboard' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/gp_dashboard?from=mail');
  });
});
