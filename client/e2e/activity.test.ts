import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcedurePath } from '@server/router';
import type { Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, SCREENSHOT_DIR, screenshot, WIDTHS, recentEasternMinutes } from './support/actions';
import { DEMO } from './support/app-server';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

const ledgerTable = (page: Page) => page.getByRole('region', { name: 'Transactions table' });
const auditTable = (page: Page) => page.getByRole('region', { name: 'Audit Log table' });

/** The inputs a page sent to one tRPC procedure (batched GETs carry them in ?input=). */
function recordInputs(page: Page, procedure: ProcedurePath): unknown[] {
  const inputs: unknown[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const match = /\/trpc\/([^?]+)/.exec(url.pathname);
    if (!match?.[1]) return;
    const batch = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
    decodeURIComponent(match[1])
      .split(',')
      .forEach((path, i) => {
        if (path === procedure) inputs.push(batch[String(i)]);
      });
  });
  return inputs;
}

async function dashboardReady(page: Page): Promise<void> {
  await page.getByText('Stock prices refresh about once per minute.').waitFor();
}

/** The Activity page once both lists have loaded. */
async function activityReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
  await ledgerTable(page).or(page.getByText('No activity yet.')).waitFor();
  await auditTable(page).or(page.getByText('No changes have been logged yet.')).waitFor();
}

async function symbolColumn(page: Page): Promise<string[]> {
  return ledgerTable(page).locator('tbody tr td:nth-child(3)').allTextContents();
}

/** The dashboard's header with its title and the Activity link, as it looks at this width. */
async function headerShot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.locator('.dashboard__header').screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), animations: 'disabled' });
}

describeInBrowser('the Activity page in Chromium', () => {
  const session = appInBrowser();

  it('a GP records a purchase and finds it in the ledger, the audit log, a filter and the CSV', async () => {
    const gp = await session.browser.newPage();
    const ledgerInputs = recordInputs(gp, 'portfolio.activity.transactions');
    await logIn(gp, session.app.url, DEMO.gp);
    await gp.waitForURL('**/gp_dashboard');
    await dashboardReady(gp);

    await gp.getByRole('button', { name: '+ Investment' }).click();
    const dialog = gp.getByRole('dialog', { name: 'Add Investment' });
    await dialog.getByLabel('Ticker Symbol').fill('shop');
    const purchase = dialog.getByRole('group', { name: 'Purchase 1' });
    await purchase.getByLabel('Quantity').fill('7');
    await purchase.getByLabel('Purchase Date').fill('2025-04-01');
    await purchase.getByLabel('Purchase Price').fill('123.45');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Out of the way of the screenshots.
    const added = gp.getByRole('status').locator('.toast', { hasText: 'SHOP added: 1 purchase.' });
    await added.getByRole('button', { name: 'Dismiss message' }).click();
    await added.waitFor({ state: 'detached' });

    // Then sells two of them through the assistant, which settles against Cash Available ($425,000.00 in the demo).
    await gp.getByRole('button', { name: 'Open Chatbot' }).click();
    const assistant = gp.getByRole('region', { name: 'AI Assistant' });
    await assistant.getByText('Buy or Sell a stock...').waitFor();
    await assistant.getByLabel('Ask AI...').fill('sell 2 SHOP at 130');
    await assistant.getByLabel('Ask AI...').press('Enter');
    await assistant.getByText('Reply yes to confirm, anything else to cancel.').waitFor();
    await assistant.getByLabel('Ask AI...').fill('yes');
    await assistant.getByLabel('Ask AI...').press('Enter');
    await assistant.locator('li').nth(3).waitFor();
    await assistant.getByText('Reply yes to confirm, anything else to cancel.').waitFor({ state: 'detached' });
    await gp.getByRole('button', { name: 'Close Chatbot' }).click();

    for (const width of WIDTHS) {
      await gp.setViewportSize({ width, height: 900 });
      await headerShot(gp, 'activity-link-gp-dashboard');
    }
    await gp.setViewportSize({ width: 1440, height: 900 });
    await gp.locator('.dashboard__header').getByRole('link', { name: 'Activity' }).click();
    await gp.waitForURL('**/activity');
    await activityReady(gp);

    // The ledger, newest first: the sale, 2 × 130 = 260.00 for a cost of 2 × 123.45 = 246.90, paid
    // into cash; then the purchase, 7 × 123.45 = 864.15, recorded without touching cash.
    const [sale, buy] = [ledgerTable(gp).locator('tbody tr').nth(0), ledgerTable(gp).locator('tbody tr').nth(1)];
    expect((await sale.getByRole('cell').allTextContents()).slice(1)).toEqual([
      'Sell',
      'SHOP',
      '2',
      '$130.00',
      '$260.00',
      '+$13.10',
      '$425,000.00 → $425,260.00',
      DEMO.gp.email,
      'AI assistant',
    ]);
    expect((await buy.getByRole('cell').allTextContents()).slice(1)).toEqual([
      'Buy',
      'SHOP',
      '7',
      '$123.45',
      '$864.15',
      '—',
      'Not settled',
      DEMO.gp.email,
      'Add Investment',
    ]);
    // Booked today and recorded a moment ago, in US Eastern time: the day first, then the time.
    const [day, time] = await buy.getByRole('cell').first().locator('time').allTextContents();
    expect(recentEasternMinutes()).toContain(`${day}, ${time}`);

    // The audit log: who, what, and the lot's fields: what changed when part of it was sold ...
    const sold = auditTable(gp).locator('tbody tr').first();
    const soldCells = await sold.getByRole('cell').allTextContents();
    expect(soldCells[1]).toBe(`${DEMO.gp.email} via the AI assistant`);
    expect(soldCells[2]).toMatch(/^Partly sold holding SHOP \(#\d+\)$/);
    // (The arrow is for the eye; a screen reader hears "changed to".)
    expect((await sold.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      'Qty: 7 → changed to 5',
      'Cost basis: $864.15 → changed to $617.25',
    ]);
    // ... and what it was made with.
    const event = auditTable(gp)
      .locator('tbody tr')
      .filter({ hasText: /Added holding SHOP/ });
    await event.waitFor();
    const eventCells = await event.getByRole('cell').allTextContents();
    expect(eventCells[1]).toBe(DEMO.gp.email);
    expect(eventCells[2]).toMatch(/^Added holding SHOP \(#\d+\)$/);
    expect(await event.getByRole('listitem').allTextContents()).toEqual([
      'Symbol: SHOP',
      'Asset type: stock',
      'Exchange: NASDAQ',
      'Qty: 7',
      'Price paid: $123.45',
      'Cost basis: $864.15',
      'Purchase date: Apr 1, 2025',
    ]);

    // Filter by its symbol from the keyboard: the server answers only its entries.
    const symbol = gp.getByLabel('Symbol');
    await symbol.focus();
    await gp.keyboard.type('shop');
    expect(await symbol.inputValue()).toBe('SHOP');
    await gp.keyboard.press('Enter');
    await expect.poll(() => symbolColumn(gp)).toEqual(['SHOP', 'SHOP']);
    expect(ledgerInputs.at(-1)).toEqual({ limit: 50, symbol: 'SHOP' });
    await gp.getByText('Showing all 2 transactions.').waitFor();
    await gp.getByLabel('Kind').selectOption({ label: 'Correction' });
    await gp.getByText('No transactions match these filters.').waitFor();
    expect(ledgerInputs.at(-1)).toEqual({ limit: 50, symbol: 'SHOP', kind: 'correction' });
    await gp.getByLabel('Kind').selectOption({ label: 'Sell' });
    await gp.getByText('Showing 1 transaction.').waitFor();
    expect(await ledgerTable(gp).locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['Sell']);
    await gp.getByLabel('Kind').selectOption({ label: 'All kinds' });
    await expect.poll(() => symbolColumn(gp)).toEqual(['SHOP', 'SHOP']);

    for (const width of [1440, 390]) {
      await gp.setViewportSize({ width, height: 900 });
      await screenshot(gp, 'activity-gp-filtered');
      expect(await seriousViolations(gp), `axe at ${width} px`).toEqual([]);
    }
    await gp.setViewportSize({ width: 1440, height: 900 });

    await gp.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(async () => (await symbolColumn(gp)).length).toBeGreaterThan(1);
    expect(ledgerInputs.at(-1)).toEqual({ limit: 50 });

    // Download CSV from the keyboard; the file holds the purchase's row, exact.
    const downloading = gp.waitForEvent('download');
    await gp.getByRole('button', { name: 'Download CSV' }).focus();
    await gp.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('transactions.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,book_date,at,kind,source,actor_email,symbol,asset_type,qty,price,amount,settles,cash_before,cash_after,cost_basis,realized_gain,fee,flow',
    );
    const shop = lines.filter((line) => line.includes(',SHOP,'));
    expect(shop).toHaveLength(2);
    // Oldest first in the file.
    expect(shop[0]).toMatch(
      /^\d+,\d{4}-\d{2}-\d{2},[^,]+,buy,add_investment,gp@demo\.partners,SHOP,stock,7,123\.45,864\.15,false,,,864\.15,,0\.00,-?\d+\.\d{2}$/,
    );
    expect(shop[1]).toMatch(
      /^\d+,\d{4}-\d{2}-\d{2},[^,]+,sell,assistant,gp@demo\.partners,SHOP,stock,2,130,260\.00,true,425000\.00,425260\.00,246\.90,13\.10,0\.00,0\.00$/,
    );
    expect(lines.length - 1).toBeGreaterThanOrEqual(await ledgerTable(gp).locator('tbody tr').count());
    expect(await gp.getByRole('main').getByRole('alert').count()).toBe(0);

    for (const width of WIDTHS) {
      await gp.setViewportSize({ width, height: 900 });
      await screenshot(gp, 'activity-gp');
      expect(await seriousViolations(gp), `axe at ${width} px`).toEqual([]);
    }
    await gp.close();
  });

  it('an LP opens Activity from the LP dashboard and can only read it', async () => {
    const lp = await (await session.signedIn('lp')).newPage(390);
    try {
      await lp.goto(`${session.app.url}/lp_dashboard`);
      await dashboardReady(lp);
      await headerShot(lp, 'activity-link-lp-dashboard');
      await lp.getByRole('link', { name: 'Activity', exact: true }).click();
      await lp.waitForURL('**/activity');
      await activityReady(lp);

      // The GP's purchase is there for the LP to read.
      expect(await symbolColumn(lp)).toContain('SHOP');
      await auditTable(lp)
        .locator('tbody tr')
        .filter({ hasText: /Added holding SHOP/ })
        .waitFor();
      expect(await lp.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/lp_dashboard');

      // Nothing to change: the only fields are the filters, the only buttons read.
      const main = lp.getByRole('main');
      expect(
        await main.locator('input, select, textarea').evaluateAll((fields) => fields.map((f) => f.getAttribute('name') ?? f.tagName)),
      ).toEqual(['symbol', 'SELECT']);
      const buttons = await main.getByRole('button').allTextContents();
      expect(
        buttons.every((b) => ['Download CSV', 'Apply filters', 'Load more'].includes(b)),
        buttons.join(', '),
      ).toBe(true);

      for (const width of WIDTHS) {
        await lp.setViewportSize({ width, height: 900 });
        await screenshot(lp, 'activity-lp');
        expect(await seriousViolations(lp), `axe at ${width} px`).toEqual([]);
      }
    } finally {
      await lp.close();
    }
  });
});
