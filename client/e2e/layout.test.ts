import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { WIDTHS, screenshot } from './support/actions';
import { DEMO } from './support/app-server';
import { appInBrowser, describeInBrowser } from './support/browser';
import { layoutProblems } from './support/layout';
import { switchColourScheme } from './support/theme';

/**
 * What a partner met in the browser (the walk-through issue), at 390 and 1440 px in both themes:
 * figures, e-mails and buttons that broke mid-token, a cut 'Accounts Receivable', a phone's
 * Liquid Assets showing empty rows, chart labels clipped or repeated, a chart that disagreed with
 * the cards after a write, and an Activity page of 42 cards with no paging.
 */

type Role = 'gp' | 'lp' | 'visitor';

interface Walk {
  name: string;
  path: string;
  as: Role;
  /** Text that is there once the page shows its data. */
  ready: string;
}

const WALK: Walk[] = [
  { name: 'gp-dashboard', path: '/gp_dashboard', as: 'gp', ready: 'Accounts Receivable' },
  { name: 'activity', path: '/activity', as: 'gp', ready: 'Audit Log' },
  { name: 'user-info', path: '/user_info', as: 'gp', ready: 'User Edit Logs' },
  { name: 'capital-accounts', path: '/capital_accounts', as: 'gp', ready: 'Limited partners' },
  { name: 'gp-profile', path: '/gp_profile', as: 'gp', ready: 'Last Logged In' },
  { name: 'lp-dashboard', path: '/lp_dashboard', as: 'lp', ready: 'Accounts Receivable' },
  { name: 'lp-profile', path: '/lp_profile', as: 'lp', ready: 'Most Recent Edit' },
  { name: 'home', path: '/', as: 'visitor', ready: 'Meet the Team' },
];

/** The walk-through's data: the largest money moves it tried, an LP's capital account, a receivables edit. */
async function seedWalkThrough(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.gp),
  });
  const { token } = (await login.json()) as { token: string };
  const call = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
    return res.json() as Promise<unknown>;
  };
  const { users } = (await call('GET', '/api/users/userinfo')) as { users: { id: number; email: string }[] };
  const lp = users.find((u) => u.email === DEMO.lp.email);
  // Two months back, within the demo's 90 days of snapshots: the LP's value chart has a line to draw.
  const date = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  for (const entry of [
    { kind: 'commitment', amount: '1000000.00', date },
    { kind: 'contribution', amount: '1000000.00', date },
  ]) {
    await call('POST', `/api/capital-accounts/${lp?.id}/entries`, entry);
  }
  await call('POST', '/api/cash-movements', { kind: 'deposit', amount: '99999999.00', note: 'Year-end capital call', confirmed: true });
  await call('POST', '/api/cash-movements', { kind: 'withdrawal', amount: '99999999.00', confirmed: true });
  const balances = (await call('GET', '/api/account-balance')) as Record<string, number>;
  await call('PUT', '/api/account-balance', { ...balances, accounts_receivable: 36500 });
}

/** A box as the page lays it out. */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;

describeInBrowser('what a partner met in the browser, at 390 and 1440 px in both themes', () => {
  const session = appInBrowser();
  let tab: Page | undefined;
  let signedInAs: Role = 'visitor';

  beforeAll(() => seedWalkThrough(session.app.url));

  async function tabOf(role: Role, width: number): Promise<Page> {
    if (role !== signedInAs) {
      await session.signedIn(role);
      signedInAs = role;
    }
    tab ??= await session.browser.newPage();
    await tab.setViewportSize({ width, height: 900 });
    return tab;
  }

  async function visit(page: Page, walk: Pick<Walk, 'path' | 'ready'>): Promise<void> {
    await page.goto(`${session.app.url}${walk.path}`);
    await page.getByText(walk.ready, { exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
  }

  for (const walk of WALK) {
    it(`${walk.name}: no figure, e-mail or word broken, no button wrapped, no text outside its cell`, async () => {
      for (const width of WIDTHS) {
        const page = await tabOf(walk.as, width);
        await page.emulateMedia({ colorScheme: 'light' });
        await visit(page, walk);
        expect(await layoutProblems(page), `${walk.path} at ${width} px, light`).toEqual([]);
        await screenshot(page, `layout-${walk.name}`);
        await switchColourScheme(page, 'dark');
        expect(await layoutProblems(page), `${walk.path} at ${width} px, dark`).toEqual([]);
        await screenshot(page, `layout-${walk.name}-dark`);
      }
    });
  }

  it('keeps a phone’s Liquid Assets symbols and values in view, the footer rows too, while the table scrolls', async () => {
    const page = await tabOf('lp', 390);
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page, { path: '/lp_dashboard', ready: 'Accounts Receivable' });
    const region = page.getByRole('region', { name: 'Liquid Assets table' });
    await region.scrollIntoViewIfNeeded();
    const shown = () =>
      region.evaluate((wrap) => {
        const box = (el: Element | null | undefined) => {
          const r = el?.getBoundingClientRect();
          return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
        };
        const row = (label: string) => [...wrap.querySelectorAll('tr')].find((tr) => tr.querySelector('th')?.textContent?.trim() === label);
        const valueIndex = [...wrap.querySelectorAll('thead th')].findIndex((th) => th.textContent?.startsWith('Value $'));
        const lines = ['Margin Debit', 'Cash Available', 'Accounts Receivable', 'TOTAL'].map((label) => ({
          label,
          name: box(row(label)?.children[0]),
          value: box(row(label)?.children[valueIndex]),
          text: row(label)?.children[valueIndex]?.textContent ?? '',
        }));
        const firstSymbol = wrap.querySelector('tbody tr');
        return {
          wrap: box(wrap),
          scrolls: wrap.scrollWidth > wrap.clientWidth,
          lines,
          symbol: box(firstSymbol?.children[0]),
          symbolValue: box(firstSymbol?.children[valueIndex]),
        };
      });
    for (const scrollLeft of ['start', 'middle', 'end'] as const) {
      await region.evaluate((wrap, at) => {
        const far = wrap.scrollWidth - wrap.clientWidth;
        wrap.scrollLeft = at === 'start' ? 0 : at === 'middle' ? far / 2 : far;
      }, scrollLeft);
      const seen = await shown();
      expect(seen.scrolls, 'the table is wider than a phone').toBe(true);
      const wrap = seen.wrap!;
      expect(inside(seen.symbol!, wrap), `the symbol at the ${scrollLeft}`).toBe(true);
      expect(inside(seen.symbolValue!, wrap), `the symbol's value at the ${scrollLeft}`).toBe(true);
      for (const line of seen.lines) {
        expect(line.text, line.label).toMatch(/\d/);
        expect(inside(line.name!, wrap) && inside(line.value!, wrap), `${line.label} and its value at the ${scrollLeft}`).toBe(true);
        // The value is not hidden under the symbol column.
        expect(line.value!.left, `${line.label}'s value beside its name`).toBeGreaterThanOrEqual(line.name!.right - 1);
      }
      if (scrollLeft === 'middle') await screenshot(page, 'layout-liquid-scrolled');
    }
  });

  it('draws every chart label inside its picture, each once', async () => {
    for (const [role, path] of [
      ['gp', '/gp_dashboard'],
      ['lp', '/lp_dashboard'],
    ] as const) {
      for (const width of WIDTHS) {
        const page = await tabOf(role, width);
        await visit(page, { path, ready: 'Accounts Receivable' });
        const charts = await page.locator('.line-chart svg').evaluateAll((svgs) =>
          svgs.map((svg) => {
            const frame = svg.getBoundingClientRect();
            const texts = [...svg.querySelectorAll('text')].map((t) => {
              const r = t.getBoundingClientRect();
              return { text: t.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom, x: t.getAttribute('x') };
            });
            return { frame: { left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom }, texts };
          }),
        );
        expect(charts.length, `${path}: the return chart and, for the LP, the value chart`).toBe(role === 'lp' ? 2 : 1);
        for (const chart of charts) {
          for (const label of chart.texts) expect(inside(label, chart.frame), `"${label.text}" inside the chart at ${width} px`).toBe(true);
          const values = chart.texts.filter((t) => Number(t.x) < 120 && /%|\$/.test(t.text)).map((t) => t.text);
          const days = chart.texts.filter((t) => !/%|\$/.test(t.text)).map((t) => t.text);
          expect(new Set(values).size, `value labels ${values.join(', ')}`).toBe(values.length);
          expect(days.length, 'day labels').toBeGreaterThan(1);
          expect(new Set(days).size, `day labels ${days.join(', ')}`).toBe(days.length);
        }
      }
    }
  });

  it("shows the cards' value in the chart's today right after a balances edit, without a reload", async () => {
    const page = await tabOf('gp', 1440);
    await visit(page, { path: '/gp_dashboard', ready: 'Accounts Receivable' });
    const card = page.locator('.stat-card', { hasText: 'Net Account Value' }).locator('.stat-card__value');
    const before = await card.textContent();
    const panel = page.getByRole('region', { name: 'Cash and Margin' });
    const cash = panel.getByLabel('Cash Available');
    const typed = (Number(await cash.inputValue()) + 250000).toFixed(2);
    await cash.fill(typed);
    await panel.getByRole('button', { name: 'Save Balances' }).click();
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).not.toBe(before);
    // The chart's summary ends on today's value, and its table's last day holds it: the card's figure,
    // read together (prices move by the minute, and the page reloads both every 60 s).
    const lastDay = page.locator('.chart table tbody tr').last().locator('td').nth(1);
    const agree = async () => {
      const [shown, summary, today] = await Promise.all([
        card.textContent(),
        page.locator('#history-summary').textContent(),
        lastDay.textContent(),
      ]);
      return summary?.includes(`to ${shown} on`) === true && today === shown;
    };
    await expect.poll(agree, { timeout: 15_000 }).toBe(true);
  });

  it('pages the Activity cards on a phone ten at a time', async () => {
    const page = await tabOf('gp', 390);
    await visit(page, { path: '/activity', ready: 'Audit Log' });
    const cards = page.getByRole('region', { name: 'Transactions table' }).locator('tbody tr');
    expect(await cards.count()).toBe(10);
    await page.getByText('Showing the newest 10 transactions.').waitFor();
    await page.getByRole('button', { name: 'Load more' }).first().click();
    await expect.poll(() => cards.count()).toBe(20);
  });

  it('shows the shape of the dashboard while its figures load', async () => {
    const page = await tabOf('gp', 1440);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/**', async (route) => {
      if (route.request().url().includes('portfolio.positions')) await held;
      await route.continue();
    });
    try {
      await page.goto(`${session.app.url}/gp_dashboard`);
      const skeleton = page.getByRole('status').filter({ hasText: 'Loading portfolio...' });
      await skeleton.waitFor({ state: 'attached' });
      expect(await page.locator('.skeleton__card').count()).toBe(4);
      expect(await page.locator('.skeleton__row').count()).toBeGreaterThan(3);
      await screenshot(page, 'layout-dashboard-skeleton');
      release();
      await page.getByText('Accounts Receivable').first().waitFor();
      expect(await page.locator('.skeleton').count()).toBe(0);
    } finally {
      release();
      await page.unrouteAll({ behavior: 'wait' });
    }
  });

  it('shows the API reference without Scalar’s hosted-service buttons', async () => {
    const page = await tabOf('visitor', 1440);
    await page.goto(`${session.app.url}/api/docs`);
    await page.getByText('Partner portal API').first().waitFor();
    await page.getByText('Download OpenAPI Document').first().waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    for (const button of ['Deploy', 'Generate SDK', 'Ask AI']) expect(text, button).not.toContain(button);
  });
});
