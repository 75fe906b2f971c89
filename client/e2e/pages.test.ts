import type { Page, Request } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { WIDTHS, screenshot } from './support/actions';
import { DEMO } from './support/app-server';
import { seriousViolations } from './support/axe';
import { switchColourScheme } from './support/theme';
import { appInBrowser, describeInBrowser } from './support/browser';

interface PageCase {
  name: string;
  path: string;
  /** Text that is there once the page has loaded its data. */
  ready: string;
  as?: 'gp' | 'lp';
  /** Something to open before the check (a dialog, the phone menu). */
  open?: (page: Page) => Promise<void>;
  /** Checked at these widths only (default: both). */
  widths?: readonly number[];
}

const PAGES: PageCase[] = [
  { name: 'home', path: '/', ready: 'Welcome! The partner portal is online.' },
  { name: 'team', path: '/team', ready: 'Want to Join Our Team?' },
  { name: 'contact', path: '/contact', ready: 'Send an inquiry' },
  { name: 'login', path: '/login', ready: 'Forgot Password?' },
  {
    name: 'login-forgot-password',
    path: '/login',
    ready: 'Forgot Password?',
    open: async (page) => {
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await page.getByRole('dialog', { name: 'Reset Your Password' }).waitFor();
    },
  },
  { name: 'signup-restricted', path: '/signup', ready: 'You need a valid invite link to sign up.' },
  // A made-up invite is checked as the page opens and shows the restricted page.
  { name: 'signup', path: '/signup?invite=example-invite', ready: 'You need a valid invite link to sign up.' },
  { name: 'password-reset', path: '/password_reset?token=example-token', ready: 'Verify New Password' },
  { name: 'not-found', path: '/no-such-page', ready: 'Page not found' },
  {
    name: 'nav-menu',
    path: '/team',
    ready: 'Meet the Team!',
    widths: [390],
    open: async (page) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'LOG IN' }).waitFor();
    },
  },
  { name: 'gp-dashboard', path: '/gp_dashboard', ready: 'Stock prices refresh about once per minute.', as: 'gp' },
  { name: 'gp-profile', path: '/gp_profile', ready: 'Last Logged In', as: 'gp' },
  {
    name: 'gp-profile-change-password',
    path: '/gp_profile',
    ready: 'Last Logged In',
    as: 'gp',
    open: async (page) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
    },
  },
  { name: 'user-info', path: '/user_info', ready: 'User Edit Logs', as: 'gp' },
  {
    name: 'user-info-delete',
    path: '/user_info',
    ready: 'User Edit Logs',
    as: 'gp',
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete lp@demo.partners' }).click();
      await page.getByRole('alertdialog', { name: 'Delete user' }).waitFor();
    },
  },
  { name: 'submissions', path: '/submissions', ready: 'Submitted At', as: 'gp' },
  { name: 'activity', path: '/activity', ready: 'Every transaction, whatever the filters.', as: 'gp' },
  { name: 'capital-accounts', path: '/capital_accounts', ready: 'Limited partners', as: 'gp' },
  { name: 'gp-documents', path: '/documents', ready: 'File a document', as: 'gp' },
  { name: 'reconciliation', path: '/reconciliation', ready: 'Past runs', as: 'gp' },
  { name: 'lp-dashboard', path: '/lp_dashboard', ready: 'Stock prices refresh about once per minute.', as: 'lp' },
  { name: 'lp-profile', path: '/lp_profile', ready: 'Most Recent Edit', as: 'lp' },
  { name: 'lp-documents', path: '/documents', ready: 'No documents yet.', as: 'lp' },
  { name: 'unauthorized', path: '/gp_dashboard', ready: 'Your account does not have access to this page.', as: 'lp' },
];

/** Chunks of the signed-in pages, which the public pages must not load. */
const PORTAL_CHUNK = /\/assets\/(gp-|lp-|profile|user-info|submissions|dashboard|admin|gp-tools|activity|reconciliation|documents)/;

/** Data for the pages to show: two inquiries and a profile edit of the LP (an edit log row). */
async function seed(baseUrl: string): Promise<void> {
  const post = (path: string, body: object, token?: string, method = 'POST') =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  for (const inquiry of [
    {
      name: 'Margaret Chen',
      email: 'm.chen@example.com',
      phone: '6175550142',
      message: 'Could we schedule a call about your venture allocation?',
    },
    {
      name: 'Tomás Rivera',
      email: 'tomas.rivera@example.com',
      phone: '',
      message: 'Please send information about becoming a limited partner.',
    },
  ]) {
    expect((await post('/api/contact', inquiry)).ok).toBe(true);
  }
  const login = await post('/api/users/login', DEMO.lp);
  const { token } = (await login.json()) as { token: string };
  const edit = await post('/api/users/profile', { first_name: 'Leo', last_name: 'Parker-Hale', email: DEMO.lp.email }, token, 'PUT');
  expect(edit.ok).toBe(true);
}

describeInBrowser('every page in Chromium: no serious accessibility violation, screenshots at 390 and 1440 px', () => {
  type Role = 'visitor' | 'gp' | 'lp';
  const session = appInBrowser();
  /**
   * One tab for every page, one role after another (PAGES lists them so): a new tab is a new renderer
   * process, and a new browser a new Chromium, each about a second or two of CPU. A failed check
   * leaves the tab behind, and the next page opens a new one.
   */
  let tab: Page | undefined;
  let signedInAs: Role = 'visitor';

  beforeAll(() => seed(session.app.url));

  async function tabOf(role: Role): Promise<Page> {
    if (role !== signedInAs) {
      await session.signedIn(role);
      signedInAs = role;
    }
    tab ??= await session.browser.newPage();
    return tab;
  }

  /** Opens the page as a first visit does, and answers the paths of the scripts it loaded. */
  async function visit(page: Page, pageCase: PageCase): Promise<string[]> {
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${session.app.url}${pageCase.path}`);
      await page.getByText(pageCase.ready, { exact: false }).first().waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('request', onRequest);
    }
    await pageCase.open?.(page);
    return scripts;
  }

  it('the accessibility check fails a page with a serious violation (a nameless button, grey on white text)', async () => {
    const page = await tabOf('visitor');
    await visit(page, { name: 'team', path: '/team', ready: 'Want to Join Our Team?' });
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.insertAdjacentHTML('afterbegin', '<button type="button"></button><p id="faint">Faint</p>');
      // Through the CSSOM: the app's Content-Security-Policy refuses inline style attributes.
      const faint = document.getElementById('faint');
      faint?.style.setProperty('color', '#eee');
      faint?.style.setProperty('background', '#fff');
    });
    const ids = (found: { id: string }[]) => found.map((v) => v.id).sort();
    expect(ids(await seriousViolations(page))).toEqual(['button-name', 'color-contrast']);
    expect(ids(await seriousViolations(page, 'colours'))).toEqual(['color-contrast']);
  });

  // Each page is loaded at each of its widths, widest first; at the widest it is checked in the light
  // theme, then in the dark one as a dark system setting gives it, on the same markup: so
  // The dark check runs the colour rules only, the others having just run on that markup.
  for (const pageCase of PAGES) {
    it(`${pageCase.name} (${pageCase.path})`, async () => {
      const page = await tabOf(pageCase.as ?? 'visitor');
      try {
        const widths = [...(pageCase.widths ?? WIDTHS)].sort((a, b) => b - a);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme: 'light' });
          const scripts = await visit(page, pageCase);
          expect(await page.locator('h1').count(), 'one main heading').toBeGreaterThanOrEqual(1);
          expect(await seriousViolations(page), `axe at ${width} px, light theme`).toEqual([]);
          if (!pageCase.as)
            expect(
              scripts.filter((src) => PORTAL_CHUNK.test(src)),
              'portal code on a public page',
            ).toEqual([]);
          await screenshot(page, pageCase.name);
          if (width !== widths[0]) continue;
          await switchColourScheme(page, 'dark');
          expect(await seriousViolations(page, 'colours'), `axe at ${width} px, dark theme`).toEqual([]);
          await screenshot(page, `${pageCase.name}-dark`);
        }
      } catch (error) {
        tab = undefined;
        await page.close().catch(() => undefined);
        throw error;
      }
    });
  }
});
