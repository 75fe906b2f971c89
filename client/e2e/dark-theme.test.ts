import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WIDTHS, logIn, screenshot } from './support/actions';
import { DEMO, startAppServer, type AppServer } from './support/app-server';
import { seriousViolations } from './support/axe';
import { describeInBrowser, openBrowser, type Browser } from './support/browser';

/** The dark theme (issue 15 item 13): the system's setting by default, a toggle in the nav, AA contrast. */
const PAGES: { name: string; path: string; ready: string; as?: 'gp' | 'lp' }[] = [
  { name: 'home', path: '/', ready: 'Welcome! The partner portal is online.' },
  { name: 'team', path: '/team', ready: 'Want to Join Our Team?' },
  { name: 'contact', path: '/contact', ready: 'Send an inquiry' },
  { name: 'login', path: '/login', ready: 'Forgot Password?' },
  { name: 'gp-dashboard', path: '/gp_dashboard', ready: 'Stock prices refresh about once per minute.', as: 'gp' },
  { name: 'lp-dashboard', path: '/lp_dashboard', ready: 'Stock prices refresh about once per minute.', as: 'lp' },
];

/** The body's background as [r, g, b]. */
async function bodyBackground(page: Page): Promise<number[]> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

const isDark = (rgb: number[]) => rgb.length === 3 && Math.max(...rgb) < 60;
const isLight = (rgb: number[]) => rgb.length === 3 && Math.min(...rgb) > 200;

/** The toggle, in the phone menu at narrow widths. */
async function themeToggle(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  return page.getByRole('button', { name: 'Dark theme' });
}

describeInBrowser('the dark theme in Chromium: follows the system, axe clean, a toggle that is remembered', () => {
  let app: AppServer;
  const browsers: Partial<Record<'visitor' | 'gp' | 'lp', Browser>> = {};

  async function darkPage(role: 'visitor' | 'gp' | 'lp', width: number): Promise<Page> {
    const browser = browsers[role];
    if (!browser) throw new Error('browser not started');
    const page = await browser.newPage(width);
    await page.emulateMedia({ colorScheme: 'dark' });
    return page;
  }

  beforeAll(async () => {
    app = await startAppServer();
    browsers.visitor = await openBrowser();
    for (const role of ['gp', 'lp'] as const) {
      const browser = await openBrowser();
      const page = await browser.newPage();
      await logIn(page, app.url, DEMO[role]);
      await page.waitForURL(`**/${role}_dashboard`);
      await page.close();
      browsers[role] = browser;
    }
  });

  afterAll(async () => {
    await Promise.all(Object.values(browsers).map((b) => b.close()));
    await app?.stop();
  });

  for (const pageCase of PAGES) {
    it(`${pageCase.name} (${pageCase.path}) is dark with the system's dark setting and has no serious axe violation`, async () => {
      for (const width of WIDTHS) {
        const page = await darkPage(pageCase.as ?? 'visitor', width);
        await page.goto(`${app.url}${pageCase.path}`);
        await page.getByText(pageCase.ready, { exact: false }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(isDark(await bodyBackground(page)), `dark body at ${width} px`).toBe(true);
        expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
        await screenshot(page, `dark-${pageCase.name}`);
        await page.close();
      }
    });
  }

  it('the nav toggle switches to light and back, says its state, and is remembered after a reload', async () => {
    for (const width of WIDTHS) {
      const page = await darkPage('visitor', width);
      await page.goto(`${app.url}/team`);
      await page.getByText('Want to Join Our Team?').waitFor();
      await page.evaluate(() => localStorage.removeItem('theme'));
      await page.reload();
      await page.getByText('Want to Join Our Team?').waitFor();

      let toggle = await themeToggle(page);
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(isDark(await bodyBackground(page))).toBe(true);

      // By keyboard: focus and Enter.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(async () => isLight(await bodyBackground(page))).toBe(true);
      expect(await seriousViolations(page), `axe in the chosen light theme at ${width} px`).toEqual([]);

      await page.reload();
      await page.getByText('Want to Join Our Team?').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(isLight(await bodyBackground(page)), 'light remembered after a reload').toBe(true);
      toggle = await themeToggle(page);
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => isDark(await bodyBackground(page))).toBe(true);
      await screenshot(page, 'dark-toggle');
      await page.reload();
      await page.getByText('Want to Join Our Team?').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(isDark(await bodyBackground(page)), 'dark remembered after a reload').toBe(true);

      await page.evaluate(() => localStorage.removeItem('theme'));
      await page.close();
    }
  });
});
