import { expect, it } from 'vitest';
import { screenshot, WIDTHS } from './support/actions';
import { DEMO } from './support/app-server';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';
import { layoutProblems } from './support/layout';
import { switchColourScheme } from './support/theme';

/** The demo books today: each symbol's quantity (lots summed exactly, in hundred-millionths) and Cash Available. */
async function demoBooks(url: string): Promise<{ quantities: Map<string, string>; cash: string }> {
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.gp),
  });
  const { token } = (await login.json()) as { token: string };
  const get = async <T>(path: string) =>
    (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const lots = await get<{ symbol: string; qty: number }[]>('/api/holdings');
  const units = new Map<string, bigint>();
  for (const lot of lots) units.set(lot.symbol, (units.get(lot.symbol) ?? 0n) + BigInt(Math.round(lot.qty * 1e8)));
  const text = (u: bigint) => `${u / 100_000_000n}.${String(u % 100_000_000n).padStart(8, '0')}`;
  const quantities = new Map([...units].map(([symbol, u]) => [symbol, text(u)]));
  const balances = await get<{ cash_available: number }>('/api/account-balance');
  return { quantities, cash: balances.cash_available.toFixed(2) };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

/** A GP reconciles the demo books with a broker's file: refused, clean, then two differences; past runs reopen. */
describeInBrowser('reconciliation in Chromium', () => {
  const session = appInBrowser();

  it('runs a reconciliation with 0 and with 2 differences, lists the runs and opens one, at 390 and 1440 px', async () => {
    const books = await demoBooks(session.app.url);
    const [first, second] = [...books.quantities.keys()].sort();
    expect(first && second).toBeTruthy();
    const rows = (change: (symbol: string, qty: string) => string) =>
      [...books.quantities].map(([symbol, qty]) => `${symbol},${change(symbol, qty)}`).join('\r\n');

    const browser = await session.signedIn('gp');
    const page = await browser.newPage();
    await page.goto(`${session.app.url}/gp_profile`);
    await page.getByRole('link', { name: 'Reconcile with the Broker' }).click();
    await page.waitForURL('**/reconciliation');
    await page.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();
    const past = page.getByRole('region', { name: 'Past runs' });
    await past.getByText('No reconciliation has been run yet.').waitFor();

    const form = page.getByRole('form', { name: 'Run a reconciliation' });
    const upload = async (csv: string) => {
      await form
        .getByLabel('Broker’s positions file (CSV)')
        .setInputFiles({ name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await form.getByRole('button', { name: 'Run reconciliation' }).click();
    };

    // A file with semicolons: the server's message names the line, nothing is kept.
    await upload('symbol;quantity\nAAPL;10\n');
    await page
      .getByRole('alert')
      .getByText('line 1: the cells are separated by semicolons, not commas. Save the file as CSV (comma delimited) and try again.')
      .waitFor();

    // The broker agrees: the page says so plainly.
    await upload(`\uFEFFsymbol,quantity\r\n${rows((_s, qty) => qty)}\r\nCash,${books.cash}\r\n`);
    const result = page.getByRole('region', { name: /^Result for / });
    await result.getByText(`No differences: the portal agrees with the broker on ${today()}.`).waitFor();
    expect(await result.getByText('Differs').count()).toBe(0);

    // Two differences: one more share of the first symbol, the second symbol missing at the broker.
    await upload(
      `symbol,quantity\n${rows((symbol, qty) => (symbol === first ? String(Number(qty) + 1) : qty))
        .split('\r\n')
        .filter((line) => !line.startsWith(`${second},`))
        .join('\n')}\n`,
    );
    await result.getByText(`2 differences with the broker on ${today()}.`).waitFor();
    const table = result.getByRole('table', { name: /^Positions on / });
    expect(await table.getByText('Differs').count()).toBe(2);
    expect(await table.getByRole('row', { name: new RegExp(`^${first} .*\\+1 Differs$`) }).count()).toBe(1);

    // Both runs are listed, newest first; the clean one opens again.
    await past.getByRole('cell', { name: '2', exact: true }).waitFor();
    expect(await past.getByRole('cell', { name: 'None', exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await layoutProblems(page)).toEqual([]);
      await screenshot(page, 'reconciliation');
    }
    await past
      .getByRole('button', { name: /^Open the run of / })
      .last()
      .click();
    await result.getByText(`No differences: the portal agrees with the broker on ${today()}.`).waitFor();
    // The dark theme: still readable (axe's contrast rule), nothing broken.
    await switchColourScheme(page, 'dark');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'reconciliation-dark');
  });
});
