import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dec } from '@domain/money';
import { screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/**
 * A GP records a split and a dividend from the Corporate Actions dialog and sees the holdings and
 * Cash Available change (docs/decisions/0011-corporate-actions-and-income.md).
 */
describeInBrowser('corporate actions in Chromium', () => {
  const session = appInBrowser();

  const liquidTable = (page: Page) => page.getByRole('region', { name: 'Liquid Assets table' });
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

  /** The Liquid Assets footer's Cash Available as exact decimal text. */
  async function cashAvailable(page: Page): Promise<string> {
    const row = liquidTable(page).locator('tfoot tr', { has: page.getByRole('rowheader', { name: 'Cash Available', exact: true }) });
    await row.waitFor();
    return (await row.locator('td').allTextContents()).join('').replace(/[,$]/g, '');
  }

  /** What the Sell dialog says the firm holds of a symbol ("The firm holds 280 GOOGL."). */
  async function held(page: Page, symbol: string): Promise<string> {
    await page.getByRole('button', { name: `Sell ${symbol}` }).click();
    const dialog = page.getByRole('dialog', { name: `Sell ${symbol}` });
    const hint = await dialog.getByText(/^The firm holds [\d,.]+ /).innerText();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return /holds ([\d,.]+) /.exec(hint)?.[1]?.replace(/,/g, '') ?? '';
  }

  it.each(WIDTHS)('at %i px a GP records a 2:1 split and a dividend and sees the shares and the cash change', async (width) => {
    const page = await (await session.signedIn('gp')).newPage(width);
    await page.goto(`${session.app.url}/gp_dashboard`);
    await liquidTable(page).waitFor();
    // Each width runs on the same books: the second split doubles the first's shares.
    const sharesBefore = dec(await held(page, 'GOOGL'));
    const cashBefore = dec(await cashAvailable(page));

    await page.getByRole('button', { name: 'Corporate Actions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Corporate Actions' });
    await dialog.getByLabel('Kind', { exact: true }).selectOption('split');
    await dialog.getByLabel('Ticker Symbol', { exact: true }).fill('googl');
    await dialog.getByLabel('Ratio', { exact: true }).fill('2:1');
    await dialog.getByLabel('Ex-date', { exact: true }).fill(today());
    expect(await seriousViolations(page), 'axe on the Corporate Actions dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Record' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await notifications.getByText(`Recorded: 2:1 split of GOOGL, ex-date ${today()}.`).waitFor();
    await dialog.getByText(`2:1 split of GOOGL, ex-date ${today()}`).first().waitFor();

    // KO: 300 shares in the demo; $0.50 a share with 15 % withheld = 150.00 − 22.50 = 127.50, paid today.
    await dialog.getByLabel('Kind', { exact: true }).selectOption('dividend');
    await dialog.getByLabel('Ticker Symbol', { exact: true }).fill('KO');
    await dialog.getByLabel('Amount per share').fill('0.50');
    await dialog.getByLabel('Ex-date', { exact: true }).fill(today());
    await dialog.getByLabel('Pay date', { exact: true }).fill(today());
    await dialog.getByLabel('Tax withheld', { exact: true }).selectOption('percent');
    await dialog.getByLabel('Tax withheld (%)').fill('15');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await notifications
      .getByText(/^Recorded: Dividend of \$0\.50 a share on 300 KO .*\$150\.00 gross, \$22\.50 tax withheld \(15%\), \$127\.50 net, paid/)
      .waitFor();
    await screenshot(page, `corporate-actions-${width}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => cashAvailable(page)).toBe(cashBefore.plus('127.50').toFixed(2));
    expect(await held(page, 'GOOGL')).toBe(sharesBefore.times(2).toFixed());
    await page.close();
  });
});
