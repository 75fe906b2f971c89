import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, PASSWORD_RULE_MESSAGE } from '@contract/password-rules';
import { FakeApiError, fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

function signupApi() {
  return fakeApi({
    ping: () => ({ message: 'ok' }),
    'auth.clientSettings': () => ({ googleClientId: null }),
    'auth.checkInvite': () => ({ valid: true }),
    'auth.signup': () => ({ message: 'Signup successful' }),
  });
}

async function fillSignup(user: ReturnType<typeof userEvent.setup>, password: string, confirmPassword: string) {
  await user.type(await screen.findByLabelText('First Name'), 'Grace');
  await user.type(screen.getByLabelText('Last Name'), 'Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('sign-up', () => {
  it('is restricted without an invite', async () => {
    renderApp('/signup', signupApi());
    expect(await screen.findByRole('heading', { name: 'Signup Restricted' })).toBeTruthy();
    expect(screen.getByText('You need a valid invite link to sign up.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it('shows every password rule, ticking those the password meets', async () => {
    const user = userEvent.setup();
    renderApp('/signup?invite=abc', signupApi());
    for (const rule of PASSWORD_RULES) expect(await screen.findByText(rule.text)).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'Ab1');
    expect(screen.getByText('At least one uppercase letter').textContent).toContain('(met)');
    expect(screen.getByText('8 to 14 characters').textContent).toContain('(not yet met)');
  });

  it('says the passwords do not match and sends nothing', async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderApp('/signup?invite=abc', api);
    await fillSignup(user, 'Str0ng#Pass', 'Str0ng#Pasz');
    const message = await screen.findByText('Passwords do not match');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe(message.id);
    expect(api.callsTo('auth.signup')).toHaveLength(0);
  });

  it('refuses a password that breaks the rule and sends nothing', async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderApp('/signup?invite=abc', api);
    await fillSignup(user, 'weakpassword', 'weakpassword');
    const message = await screen.findByText(PASSWORD_RULE_MESSAGE);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    // Read with the rules list it already pointed at.
    expect(password.getAttribute('aria-describedby')?.split(' ')).toEqual(['signup-rules', message.id]);
    expect(api.callsTo('auth.signup')).toHaveLength(0);
  });

  it('names each required field the contract refuses', async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderApp('/signup?invite=abc', api);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    for (const [label, text] of [
      ['First Name', 'First name is required.'],
      ['Last Name', 'Last name is required.'],
      ['Email', 'Email is required.'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(screen.getByText(text).id);
    }
    expect(document.activeElement).toBe(screen.getByLabelText('First Name'));
    expect(api.callsTo('auth.signup')).toHaveLength(0);
  });

  it('signs up with the invite code and goes to /login', async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderApp('/signup?invite=abc', api);
    await fillSignup(user, 'Str0ng#Pass', 'Str0ng#Pass');
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(api.callsTo('auth.signup')[0]?.input).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'Str0ng#Pass',
      confirmPassword: 'Str0ng#Pass',
      inviteCode: 'abc',
    });
  });

  it("shows the server's error when sign-up fails", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      // Still valid when the page opened; used up by the time the form is sent.
      'auth.checkInvite': () => ({ valid: true }),
      'auth.signup': () => {
        throw new FakeApiError(400, 'This invite link is invalid, expired or already used.');
      },
    });
    renderApp('/signup?invite=used', api);
    await fillSignup(user, 'Str0ng#Pass', 'Str0ng#Pass');
    expect(await screen.findByText('This invite link is invalid, expired or already used.')).toBeTruthy();
    expect(window.location.pathname).toBe('/signup');
  });
});

describe('password reset', () => {
  it('says the new passwords do not match and sends nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'auth.passwordReset.setPassword': () => ({ message: 'Password reset successfully!' }) });
    renderApp('/password_reset?token=t0k', api);
    await user.type(await screen.findByLabelText('New Password'), 'Str0ng#Pass');
    await user.type(screen.getByLabelText('Verify New Password'), 'Str0ng#Pasz');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New passwords do not match!')).toBeTruthy();
    expect(api.callsTo('auth.passwordReset.setPassword')).toHaveLength(0);
  });

  it('shows the typed password with the eye toggle, resets it and goes to /login', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'auth.passwordReset.setPassword': () => ({ message: 'Password reset successfully!' }),
      'auth.clientSettings': () => ({ googleClientId: null }),
    });
    renderApp('/password_reset?token=t0k', api);
    const input = await screen.findByLabelText('New Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.type(input, 'Str0ng#Pass');
    await user.type(screen.getByLabelText('Verify New Password'), 'Str0ng#Pass');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password reset successfully!')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(api.callsTo('auth.passwordReset.setPassword')[0]?.input).toEqual({ token: 't0k', newPassword: 'Str0ng#Pass' });
  });
});
