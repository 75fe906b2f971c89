import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../test/fake-api';
import { renderApp, storeSession } from '../test/render-app';
import { navLinks } from './nav-links';

function shownLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .slice(1) // the logo
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

/** The bar inside the app's providers (its LOG OUT tells the server), on a public page. */
const renderNav = () => renderApp('/team', fakeApi({}));

describe('the navigation bar', () => {
  it('shows HOME, TEAM, CONTACT and LOG IN when logged out, and the logo links home', () => {
    renderNav();
    expect(shownLinks()).toEqual([
      ['HOME', '/'],
      ['TEAM', '/team'],
      ['CONTACT', '/contact'],
      ['LOG IN', '/login'],
    ]);
    const logo = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')[0];
    expect(logo?.getAttribute('href')).toBe('/');
  });

  it('sends an LP (in any case) to the LP pages', () => {
    storeSession('lp');
    renderNav();
    expect(shownLinks()).toEqual([
      ['DASHBOARD', '/lp_dashboard'],
      ['PROFILE', '/lp_profile'],
      ['DOCUMENTS', '/documents'],
      ['TEAM', '/team'],
      ['CONTACT', '/contact'],
    ]);
  });

  it('sends a GP to the GP pages', () => {
    storeSession('GP');
    renderNav();
    expect(shownLinks().slice(0, 2)).toEqual([
      ['DASHBOARD', '/gp_dashboard'],
      ['PROFILE', '/gp_profile'],
    ]);
  });

  it('sends any other role to the GP pages', () => {
    expect(navLinks({ role: 'AUDITOR' }).slice(0, 2)).toEqual([
      { label: 'DASHBOARD', href: '/gp_dashboard' },
      { label: 'PROFILE', href: '/gp_profile' },
    ]);
    expect(navLinks({ role: 'Lp' })[0]?.href).toBe('/lp_dashboard');
  });

  it('has a menu button that tells whether the menu is open', () => {
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    return Promise.resolve().then(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
  });

  it('has a Dark theme toggle button that says its state and remembers the choice', () => {
    localStorage.removeItem('theme');
    delete document.documentElement.dataset.theme;
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    localStorage.removeItem('theme');
    delete document.documentElement.dataset.theme;
  });

  it('offers LOG OUT to a signed-in partner, which ends the session and goes to the login page', async () => {
    storeSession('GP');
    const api = fakeApi({
      'auth.clientSettings': () => ({ googleClientId: null }),
      'auth.logout': () => ({ message: 'You have been logged out.' }),
    });
    renderApp('/team', api);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'LOG OUT' }));
    expect(api.callsTo('auth.logout')).toMatchObject([{ authorization: 'Bearer token-GP' }]);
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect([localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('authMethod')]).toEqual([null, null, null]);
    expect(within(nav).queryByRole('button', { name: 'LOG OUT' })).toBeNull();
  });
});
