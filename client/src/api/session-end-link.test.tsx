import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi } from '../test/fake-api';
import { renderApp, storeSession } from '../test/render-app';

describe('a 401 from the API', () => {
  it('clears the session and goes to /login with no message', async () => {
    storeSession('GP', 'revoked-token');
    const api = fakeApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'admin.invites.list': () => [],
      'auth.profile.details': () => {
        throw new FakeApiError(401, 'Your session has ended. Please log in again.');
      },
      'auth.secondFactor.status': () => {
        throw new FakeApiError(401, 'Your session has ended. Please log in again.');
      },
      'auth.sessions.list': () => {
        throw new FakeApiError(401, 'Your session has ended. Please log in again.');
      },
      'auth.passkeys.list': () => {
        throw new FakeApiError(401, 'Your session has ended. Please log in again.');
      },
    });
    renderApp('/gp_profile', api);
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('authMethod')).toBeNull();
    expect(api.callsTo('auth.profile.details')[0]?.authorization).toBe('Bearer revoked-token');
    expect(screen.queryByText('Your session has ended. Please log in again.')).toBeNull();
  });

  it('at login is a wrong password: the message shows and the page stays', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.login': () => {
        throw new FakeApiError(401, 'Invalid email or password.');
      },
    });
    renderApp('/login', api);
    await user.type(await screen.findByLabelText('Email'), 'gp@demo.partners');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('does not end the session for other errors', async () => {
    storeSession('GP');
    const api = fakeApi({
      'admin.users.list': () => {
        throw new FakeApiError(403, 'Only general partners can do that.');
      },
    });
    renderApp('/user_info', api);
    expect(await screen.findByText('Only general partners can do that.')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-GP'));
    expect(window.location.pathname).toBe('/user_info');
  });
});
