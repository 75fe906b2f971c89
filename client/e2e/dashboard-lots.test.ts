import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '@domain/dates';
import { formatCalendarDate } from '../src/lib/format';
import { seriousViolations } from './support/axe';
import { DEMO, startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, openBrowser, type Browser } from './support/browser';
import { addLots } from './support/lots';

/** 3,000 more lots of KO, bought a day apart from FIRST_DAY on: a firm's long table. */
const LOTS = 3_000;
const FIRST_DAY = '2016-01-01';
const lotLabel = (k: number) => `Lot of ${formatCalendarDate(addDays(FIRST_DAY, k))}`;

/** How many lots' delete buttons the keyboard goes through: more than the page has at first. */
const TABBED = 150;

/** Far more than a screen shows, far fewer than the table's 3,000 rows. */
const MAX_ROWS_IN_PAGE = 200;

const liquidTable = (page: Page) => page.getByRole('region', { name: 'Liquid Assets table' });

/** The first cells of the body rows in the page: symbols, and "Lot of …" for open lots. */
async function rowNames(page: Page): Promise<string[]> {
  const names = await liquidTable(page).locator('tbody tr th').allTextContents();
  return names.map((n) =>
    n
      .replace(' (quote, opens in a new tab)', '')
      .replace(/^[+−]/, '')
      .replace(/((Mon|Tue|Wed|Thu|Fri|Sat|Sun) .* ET|No market data)$/, ''),
  );
}

/** Body rows in the page (the spacers that stand for the rows left out are hidden from everyone). */
const rowsInPage = (page: Page) => liquidTable(page).locator('tbody tr:not([aria-hidden="true"])').count();

/** Symbol names and their Value $ figures, while every symbol is closed (all rows in the page). */
async function symbolValues(page: Page): Promise<{ symbol: string; value: number }[]> {
  const table = liquidTable(page);
  const index = await table.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.startsWith('Value $')));
  const values = await table
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((row) => Number((row.children[i]?.textContent ?? '').replace(/,/g, ''))), index);
  const names = await rowNames(page);
  return names.map((symbol, i) => ({ symbol, value: values[i] ?? Number.NaN }));
}

/** Scrolls the page so that the table's body ends at the bottom of the window. */
async function scrollToTableEnd(page: Page): Promise<void> {
  await liquidTable(page)
    .locator('tbody')
    .evaluate((body) => window.scrollTo(0, body.getBoundingClientRect().bottom + window.scrollY - window.innerHeight));
}

const sortButton = (page: Page, name: string) =>
  liquidTable(page)
    .locator('thead th', { hasText: name })
    .getByRole('button', { name: new RegExp(`^${name.replace(/[$]/g, '\\$&')}`) });

const ariaSort = (page: Page, name: string) => liquidTable(page).locator('thead th', { hasText: name }).getAttribute('aria-sort');

describeInBrowser('a firm’s thousands of lots on the dashboard in Chromium', () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppServer({ prepare: (dataDir) => addLots(dataDir, { symbol: 'KO', count: LOTS, firstDay: FIRST_DAY }) });
    browser = await openBrowser({ app, account: DEMO.gp });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function openDashboard(width: number): Promise<Page> {
    const page = await browser.newPage(width);
    await page.goto(`${app.url}/gp_dashboard`);
    await liquidTable(page).getByRole('button', { name: 'Show lots of KO' }).waitFor();
    return page;
  }

  it('keeps only the rows in view in the page, shows later lots as it scrolls, sorts them all, and says how many there are', async () => {
    const page = await openDashboard(1440);
    const closed = await symbolValues(page);
    expect(closed.map((s) => s.symbol)).toContain('KO');
    const symbols = closed.length;

    await liquidTable(page).getByRole('button', { name: 'Show lots of KO' }).click();
    await liquidTable(page).getByRole('button', { name: 'Hide lots of KO' }).waitFor();
    const table = liquidTable(page).getByRole('table');
    // The header row, every symbol, KO's demo lot and 3,000 more, and the four footer rows.
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(1 + symbols + 1 + LOTS + 4));
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    expect(await rowNames(page)).not.toContain(lotLabel(LOTS));

    // The keyboard goes on past the rows first in the page: Tab from a lot's delete button to the next lot's.
    const deleteLot = (k: number) =>
      liquidTable(page).getByRole('button', { name: `Delete KO lot of ${formatCalendarDate(addDays(FIRST_DAY, k))}` });
    await deleteLot(1).focus();
    expect(await deleteLot(TABBED).count()).toBe(0);
    for (let k = 2; k <= TABBED; k++) await page.keyboard.press('Tab');
    await expect.poll(() => deleteLot(TABBED).evaluate((button) => button === document.activeElement)).toBe(true);

    // The last of the added lots is near the end of the table: scrolling there brings it in.
    await scrollToTableEnd(page);
    const lastLot = liquidTable(page).getByRole('row', { name: new RegExp(`^${lotLabel(LOTS)}`) });
    await lastLot.waitFor();
    expect(Number(await lastLot.getAttribute('aria-rowindex'))).toBeGreaterThan(LOTS);
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    expect(await rowNames(page)).not.toContain(lotLabel(1));

    // Value $ ascending: the symbols by value, KO (the largest by far) last with its lots under it, oldest first.
    await page.evaluate(() => window.scrollTo(0, 0));
    await sortButton(page, 'Value $').click();
    await expect.poll(() => ariaSort(page, 'Value $')).toBe('ascending');
    const ascending = [...closed].sort((a, b) => a.value - b.value).map((s) => s.symbol);
    expect(ascending.at(-1)).toBe('KO');
    await liquidTable(page).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rowNames(page)).slice(0, 4)).toEqual(ascending.slice(0, 4));
    await scrollToTableEnd(page);
    // KO's own demo lot, bought later than the added ones, may follow them.
    await expect.poll(async () => (await rowNames(page)).slice(-2)).toContain(lotLabel(LOTS));

    // Descending, from the keyboard: KO first, then its lots from the oldest; the smallest symbol last.
    await sortButton(page, 'Value $').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ariaSort(page, 'Value $')).toBe('descending');
    await expect.poll(async () => (await rowNames(page)).at(-1)).toBe(ascending[0]);
    await liquidTable(page)
      .locator('thead')
      .evaluate((head) => window.scrollTo(0, head.getBoundingClientRect().top + window.scrollY - 100));
    await expect.poll(async () => (await rowNames(page)).slice(0, 3)).toEqual(['KO', lotLabel(1), lotLabel(2)]);
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);

    expect(await seriousViolations(page), 'axe at 1440 px').toEqual([]);
    await page.close();
  });

  it('on a phone (390 px): the long table is just as bounded, and passes axe', async () => {
    const page = await openDashboard(390);
    await liquidTable(page).getByRole('button', { name: 'Show lots of KO' }).click();
    await liquidTable(page).getByRole('button', { name: 'Hide lots of KO' }).waitFor();
    await liquidTable(page).scrollIntoViewIfNeeded();
    await expect.poll(() => rowsInPage(page)).toBeGreaterThan(5);
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    await scrollToTableEnd(page);
    await liquidTable(page)
      .getByRole('row', { name: new RegExp(`^${lotLabel(LOTS)}`) })
      .waitFor();
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
    await page.close();
  });
});
