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

/**
 * The symbol rows in the page (lots left out) and the Value $ figures they show at that moment: read
 * in one pass over the page, so a figure that moved on since (a crypto price) is never paired with
 * an order read at another time.
 */
async function symbolValues(page: Page): Promise<{ symbol: string; value: number }[]> {
  const table = liquidTable(page);
  const index = await table.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.startsWith('Value $')));
  return table.locator('tbody tr:not([aria-hidden="true"]):not(.data-table__row--nested)').evaluateAll(
    (rows, i) =>
      rows.map((row) => ({
        symbol: row.querySelector('.symbol-link')?.firstChild?.textContent ?? '',
        // "12,345.60", or "−1,234.00" (a true minus sign) for a short position.
        value: Number((row.children[i]?.textContent ?? '').replace(/,/g, '').replace('−', '-')),
      })),
    index,
  );
}

/** Whether the figures never go down (ascending) or never go up (descending), and are all numbers. */
const ordered = (values: number[], descending = false) =>
  values.every((v, k) => !Number.isNaN(v) && (k === 0 || (descending ? values[k - 1]! >= v : values[k - 1]! <= v)));

/** Scrolls the page so that the table's body ends at the bottom of the window. */
async function scrollToTableEnd(page: Page): Promise<void> {
  await liquidTable(page)
    .locator('tbody')
    .evaluate((body) => window.scrollTo(0, body.getBoundingClientRect().bottom + window.scrollY - window.innerHeight));
}

/** Scrolls the page so that the table's header is near the top of the window: its first rows in view. */
async function scrollToTableTop(page: Page): Promise<void> {
  await liquidTable(page)
    .locator('thead')
    .evaluate((head) => window.scrollTo(0, head.getBoundingClientRect().top + window.scrollY - 100));
}

/**
 * Scrolls to the table's end until `row` is in the page: the rows measured as they come into view
 * can move the end (their heights were estimated), so one scroll may stop short of it.
 */
async function scrollUntilShown(page: Page, row: ReturnType<Page['getByRole']>): Promise<void> {
  await expect
    .poll(async () => {
      await scrollToTableEnd(page);
      return row.isVisible();
    })
    .toBe(true);
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
    app = await startAppServer({
      prepare: (dataDir) => addLots(dataDir, { symbol: 'KO', count: LOTS, firstDay: FIRST_DAY }),
      // No scheduled quote refresh; the order after sorting is checked against the figures shown then.
      env: { MARKET_REFRESH_SECONDS: '0' },
    });
    browser = await openBrowser({ app, account: DEMO.gp });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The procedures the page asked the tRPC route for, in order (a batch's several). */
  const asked = new WeakMap<Page, string[]>();

  async function openDashboard(width: number): Promise<Page> {
    const page = await browser.newPage(width);
    const paths: string[] = [];
    asked.set(page, paths);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/')) paths.push(...decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(','));
    });
    await page.goto(`${app.url}/gp_dashboard`);
    await liquidTable(page).getByRole('button', { name: 'Show lots of KO' }).waitFor();
    return page;
  }

  /** Opens KO: its lots are asked for then (docs/decisions/0025, "Later: lots sent on open") and shown once here. */
  async function openKo(page: Page): Promise<void> {
    await liquidTable(page).getByRole('button', { name: 'Show lots of KO' }).click();
    await liquidTable(page).getByRole('button', { name: 'Hide lots of KO' }).waitFor();
    await liquidTable(page)
      .getByRole('rowheader', { name: lotLabel(1), exact: true })
      .waitFor();
    expect(await liquidTable(page).getByText('Loading lots…').count()).toBe(0);
  }

  it('keeps only the rows in view in the page, shows later lots as it scrolls, sorts them all, and says how many there are', async () => {
    const page = await openDashboard(1440);
    const closed = await symbolValues(page);
    expect(closed.map((s) => s.symbol)).toContain('KO');
    const symbols = closed.length;
    // The smallest of the demo's holdings (a stock: its figure is still without a scheduled refresh).
    const smallest = [...closed].sort((a, b) => a.value - b.value)[0]?.symbol;
    expect(smallest).toBe('COST');

    // The dashboard loaded the figures without the lots: no lot is asked for until a symbol opens.
    expect(asked.get(page)).toContain('portfolio.positions');
    expect(asked.get(page)).not.toContain('portfolio.valuation');
    expect(asked.get(page)).not.toContain('portfolio.lots');
    await openKo(page);
    expect(asked.get(page)?.filter((path) => path === 'portfolio.lots')).toEqual(['portfolio.lots']);
    const table = liquidTable(page).getByRole('table');
    // The header row, every symbol, KO's demo lot and 3,000 more, and the four footer rows.
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(1 + symbols + 1 + LOTS + 4));
    // The virtualizer's own rows (data-index) are in place: until its chunk has arrived the table
    // shows its first rows plainly, and those are replaced when it comes.
    await liquidTable(page).locator('tbody tr[data-index]').first().waitFor({ state: 'attached' });
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    expect(await rowNames(page)).not.toContain(lotLabel(LOTS));

    // The keyboard goes on past the rows first in the page: Tab from a lot's delete button to the next lot's.
    const deleteLot = (k: number) =>
      liquidTable(page).getByRole('button', { name: `Delete KO lot of ${formatCalendarDate(addDays(FIRST_DAY, k))}` });
    await deleteLot(1).focus();
    expect(await deleteLot(TABBED).count()).toBe(0);
    // One key at a time, as a person presses them: each lands on the next lot's button.
    for (let k = 2; k <= TABBED; k++) {
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => `${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent}`))
        .toBe(`Delete KO lot of ${formatCalendarDate(addDays(FIRST_DAY, k))}`);
    }

    // The last of the added lots is near the end of the table: scrolling there brings it in.
    const lastLot = liquidTable(page).getByRole('row', { name: new RegExp(`^${lotLabel(LOTS)}`) });
    await scrollUntilShown(page, lastLot);
    expect(Number(await lastLot.getAttribute('aria-rowindex'))).toBeGreaterThan(LOTS);
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    expect(await rowNames(page)).not.toContain(lotLabel(1));

    // Value $ ascending: the symbols by the value each shows, KO (the largest by far) last with its lots under it, oldest first.
    await page.evaluate(() => window.scrollTo(0, 0));
    await sortButton(page, 'Value $').click();
    await expect.poll(() => ariaSort(page, 'Value $')).toBe('ascending');
    await scrollToTableTop(page);
    await expect
      .poll(async () => {
        const shown = await symbolValues(page);
        return { first: shown[0]?.symbol, ordered: ordered(shown.map((s) => s.value)), KO: shown.findIndex((s) => s.symbol === 'KO') };
      })
      .toEqual({ first: smallest, ordered: true, KO: symbols - 1 });
    // KO's own demo lot, bought later than the added ones, may follow them.
    await expect
      .poll(async () => {
        await scrollToTableEnd(page);
        return (await rowNames(page)).slice(-2);
      })
      .toContain(lotLabel(LOTS));

    // Descending, from the keyboard: KO first, then its lots from the oldest; the symbols by value, the smallest last.
    await sortButton(page, 'Value $').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ariaSort(page, 'Value $')).toBe('descending');
    // The rows at the table's end are symbols now, taller than the lots that were there: scrolled
    // to the end again, the last of them comes into the page.
    await expect
      .poll(async () => {
        await scrollToTableEnd(page);
        return (await rowNames(page)).at(-1);
      })
      .toBe(smallest);
    await scrollToTableTop(page);
    await expect.poll(async () => (await rowNames(page)).slice(0, 3)).toEqual(['KO', lotLabel(1), lotLabel(2)]);
    // The symbols after KO's lots, as far as the page has them, go down in value.
    await expect
      .poll(async () => {
        await scrollToTableEnd(page);
        return ordered(
          (await symbolValues(page)).map((s) => s.value),
          true,
        );
      })
      .toBe(true);
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);

    expect(await seriousViolations(page), 'axe at 1440 px').toEqual([]);
    await page.close();
  });

  it('on a phone (390 px): the long table is just as bounded, and passes axe', async () => {
    const page = await openDashboard(390);
    // While KO's lots are on their way, its row says so, in a status row that passes axe.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/portfolio.lots**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await liquidTable(page).getByRole('button', { name: 'Show lots of KO' }).click();
      await liquidTable(page).getByRole('status').filter({ hasText: 'Loading lots…' }).waitFor();
      expect(await seriousViolations(page), 'axe at 390 px, lots loading').toEqual([]);
      release();
      await liquidTable(page)
        .getByRole('rowheader', { name: lotLabel(1), exact: true })
        .waitFor();
      expect(await liquidTable(page).getByText('Loading lots…').count()).toBe(0);
    } finally {
      release();
      await page.unrouteAll({ behavior: 'wait' });
    }
    await liquidTable(page).scrollIntoViewIfNeeded();
    await expect.poll(() => rowsInPage(page)).toBeGreaterThan(5);
    expect(await rowsInPage(page)).toBeLessThanOrEqual(MAX_ROWS_IN_PAGE);
    await scrollUntilShown(page, liquidTable(page).getByRole('row', { name: new RegExp(`^${lotLabel(LOTS)}`) }));
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
    await page.close();
  });
});
