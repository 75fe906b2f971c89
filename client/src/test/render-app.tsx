import { render } from '@testing-library/react';
import { App } from '../app';
import type { FakeApi } from './fake-api';

/** The whole app (shell, routes, toasts) at `path`, talking to a fake API. */
export function renderApp(path: string, api: FakeApi) {
  window.history.replaceState(null, '', path);
  return render(<App trpcOptions={{ fetch: api.fetch }} />);
}

/** Signs in as the browser would have after a login. */
export function storeSession(role: string, token = `token-${role}`, authMethod: 'local' | 'google' = 'local') {
  localStorage.setItem('token', token);
  localStorage.setItem('role', role);
  localStorage.setItem('authMethod', authMethod);
}
