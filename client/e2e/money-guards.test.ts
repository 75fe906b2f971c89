import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { BOOK_DATE_RULE } from '@contract/book-dates';
import { ASSET_ROW_RULE } from '@contract/asset-rules';
import { screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';
import { switchColourScheme } from './support/theme';

/**
 * The guards on money in the browser, at 390 and 1440 px in both themes: a withdrawal that would
 * take Cash Available below zero is refused unless negative cash (margin) is allowed, a movement
 * above the threshold asks first with Cash Available before and after, and a venture row names
 * what is wrong and says what was saved.
 */
describeInBrowser('money guards in Chromium', () => {
  const session = appInBrowser();
  const THEMES = ['light', 'dark'] as const;

  async function gpDashboard(width: number): Promise<Page> {
    const page = await (await session.signedIn('gp')).newPage(width);
    await page.goto(`${session.app.url}/gp_dashboard`);
    return page;
  }

  /** "$1,234.56" or "-$1,234.56" as cents. */
  const cents = (text: string) => {
    const match = /(-?)\$([\d,]+)\.(\d\d)/.exec(text);
    if (!match) throw new Error(`no amount in "${text}"`);
    return BigInt(`${match[1]}${(match[2] ?? '').replace(/,/g, '')}${match[3]}`);
  };

  it.each(WIDTHS)('at %i px a withdrawal below zero is refused, and a large movement is confirmed first', async (width) => {
    const page = await gpDashboard(width);
    const form = page.getByRole('form', { name: 'Record a deposit or withdrawal' });
    await form.waitFor();
    for (const theme of THEMES) {
      await switchColourScheme(page, theme);
      await form.getByLabel('Kind').selectOption('withdrawal');
      await form.getByLabel('Amount').fill('99999999');
      await form.getByRole('button', { name: 'Record' }).click();
      await form
        .getByRole('alert')
        .getByText(
          /^Cash Available would go from \$[\d,]+\.\d\d to -\$[\d,]+\.\d\d\. It cannot go below zero unless you allow negative cash \(margin\)\.$/,
        )
        .waitFor();

      // With the box ticked it is a margin withdrawal: asked first, and cancelled here.
      const margin = form.getByRole('checkbox', { name: 'Allow negative cash (margin)' });
      await margin.check();
      await form.getByRole('button', { name: 'Record' }).click();
      const withdrawal = page.getByRole('alertdialog', { name: 'Confirm this withdrawal' });
      await withdrawal.getByText(/^Cash Available after: -\$[\d,]+\.\d\d \(below zero, on margin\)$/).waitFor();
      expect(await seriousViolations(page), `axe on the confirmation, ${theme} theme`).toEqual([]);
      await screenshot(page, `cash-confirm-${theme}`);
      await withdrawal.getByRole('button', { name: 'Cancel' }).click();
      await withdrawal.waitFor({ state: 'hidden' });
      await margin.uncheck();

      // A deposit above 100,000.00: Escape cancels; confirming records it, with the figures the dialog showed.
      await form.getByLabel('Kind').selectOption('deposit');
      await form.getByLabel('Amount').fill('150000');
      await form.getByRole('button', { name: 'Record' }).click();
      const deposit = page.getByRole('alertdialog', { name: 'Confirm this deposit' });
      await deposit.getByText('A deposit of $150,000.00 is above $100,000.00.').waitFor();
      await page.keyboard.press('Escape');
      await deposit.waitFor({ state: 'hidden' });
      await form.getByRole('button', { name: 'Record' }).click();
      const now = (await deposit.getByText(/^Cash Available now: /).innerText()).replace('Cash Available now: ', '');
      const after = (await deposit.getByText(/^Cash Available after: /).innerText()).replace('Cash Available after: ', '');
      expect(cents(after) - cents(now)).toBe(15_000_000n);
      await deposit.getByRole('button', { name: 'Record the deposit' }).click();
      // The figure the dialog showed is the one recorded.
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText(`Deposit of $150,000.00 recorded. Cash Available is now ${after}.`)
        .waitFor();
    }
    await page.close();
  });

  it.each(WIDTHS)('at %i px a venture row names what is wrong, then shows what was saved', async (width) => {
    const page = await gpDashboard(width);
    const table = page.getByRole('region', { name: 'Venture Investments table' });
    const notifications = page.getByRole('region', { name: 'Notifications' });
    for (const theme of THEMES) {
      await switchColourScheme(page, theme);
      const name = `Guarded ${width} ${theme}`;
      await page.getByRole('button', { name: '+ Add Venture Investment' }).click();
      await table.getByLabel('Name (new row 1)').fill(name);
      const save = page.getByRole('button', { name: 'Save Venture Investment' });
      await save.click();
      await notifications.getByRole('alert').getByText(`${ASSET_ROW_RULE} Check Purchase Date.`).waitFor();

      await table.getByLabel('Purchase Date (new row 1)').fill('2100-12-31');
      await save.click();
      await notifications.getByRole('alert').getByText(BOOK_DATE_RULE).waitFor();
      expect(await table.getByLabel('Purchase Date (new row 1)').getAttribute('aria-invalid')).toBe('true');

      // Saved with the blank figures as 0, saying so; the refusal is gone at once and the row's actions can be used.
      await table.getByLabel('Purchase Date (new row 1)').fill('2025-01-15');
      await save.click();
      await notifications
        .getByRole('status')
        .getByText(`Saved ${name}. Qty, Price Paid $ and Last Price $ were blank and are saved as 0.`)
        .waitFor();
      expect(await notifications.getByRole('alert').innerText()).toBe('');
      const edit = table.getByRole('button', { name: `Edit ${name}` });
      await edit.click();
      await table.getByRole('button', { name: `Save ${name}` }).click();
      await notifications.getByRole('status').getByText(`Saved ${name}.`, { exact: true }).waitFor();
      expect(await seriousViolations(page), `axe after saving a row, ${theme} theme`).toEqual([]);
      await screenshot(page, `venture-saved-${theme}`);
    }
    await page.close();
  });
});
