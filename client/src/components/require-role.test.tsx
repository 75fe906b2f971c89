import { render, screen, waitFor } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@contract/roles';
import { fakeApi } from '../test/fake-api';
import { dashboardReads } from '../test/portfolio-fixtures';
import { renderApp, storeSession } from '../test/render-app';
import { RequireRole } from './require-role';

const api = () => fakeApi(dashboardReads({ ping: () => ({ message: 'ok' }), 'auth.clientSettings': () => ({ googleClientId: null }) }));

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

  it('let a page allow both roles and no other', async () => {
    const Page = () => <h1>Both</h1>;
    for (const [role, path] of [
      ['GP', '/both'],
      ['lp', '/both'],
      ['AUDITOR', '/unauthorized'],
    ] as const) {
      storeSession(role);
      window.history.replaceState(null, '', '/both');
      const view = render(
        <Router>
          <Route path="/both">
            <RequireRole role={ROLES}>
              <Page />
            </RequireRole>
          </Route>
        </Router>,
      );
      await waitFor(() => expect(window.location.pathname).toBe(path));
      expect(screen.queryByRole('heading', { name: 'Both' }) !== null).toBe(path === '/both');
      view.unmount();
    }
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
