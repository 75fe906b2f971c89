import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { renderApp, storeSession } from '../test/render-app';

const api = () => fakeApi({ ping: () => ({ message: 'ok' }), 'auth.clientSettings': () => ({ googleClientId: null }) });

describe('route guards', () => {
  it('send a visitor without a token to /login', async () => {
    renderApp('/gp_dashboard', api());
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('send an LP on a GP page to /unauthorized', async () => {
    storeSession('LP');
    renderApp('/gp_dashboard', api());
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expect(window.location.pathname).toBe('/unauthorized');
  });

  it('send a GP on an LP page to /unauthorized', async () => {
    storeSession('GP');
    renderApp('/lp_profile', api());
    await waitFor(() => expect(window.location.pathname).toBe('/unauthorized'));
  });

  it('show the page to its role', async () => {
    storeSession('GP');
    renderApp('/gp_dashboard', api());
    expect(await screen.findByRole('heading', { name: 'GP Dashboard' })).toBeTruthy();
    expect(window.location.pathname).toBe('/gp_dashboard');
  });

  it('guard every GP-only page', async () => {
    for (const path of ['/gp_profile', '/user_info', '/submissions']) {
      storeSession('LP');
      const view = renderApp(path, api());
      await waitFor(() => expect(window.location.pathname).toBe('/unauthorized'));
      view.unmount();
    }
  });
});
