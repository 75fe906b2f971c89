import type { Page } from 'playwright-core';
import { bodyBackground, isDark, isLight } from './support/theme';
import { expect, it } from 'vitest';
import { WIDTHS, screenshot } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/**
 * The dark theme: the toggle in the nav, and that the choice is remembered. That
 * every page is dark under a dark system setting, with no serious axe violation, is checked by the
 * page walk (pages.test.ts), which visits each page in both themes.
 */

/** The toggle, in the phone menu at narrow widths. */
async function themeToggle(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  return page.getByRole('button', { name: 'Dark theme' });
}

describeInBrowser('the dark theme in Chromium: a toggle that says its state and is remembered', () => {
  const session = appInBrowser();

  async function darkPage(width: number): Promise<Page> {
    const page = await session.browser.newPage(width);
    await page.emulateMedia({ colorScheme: 'dark' });
    return page;
  }

  it('the nav toggle switches to light and back, says its state, and is remembered after a reload', async () => {
    for (const width of WIDTHS) {
      const page = await darkPage(width);
      await page.goto(`${session.app.url}/team`);
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
