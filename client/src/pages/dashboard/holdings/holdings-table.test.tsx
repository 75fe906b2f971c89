import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { booksFixture, dashboardReads, positionsOf, readsWithFailingLots } from '../../../test/portfolio-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderApp, storeSession } from '../../../test/render-app';

/** The body rows' first cells: a symbol, or "Lot of …" for a purchase lot. */
function bodyRows(): string[] {
  const region = screen.getByRole('region', { name: 'Liquid Assets table' });
  return Array.from(region.querySelectorAll('tbody tr')).map((row) =>
    (row.querySelector('th')?.textContent ?? '')
      .replace(' (quote, opens in a new tab)', '')
      .replace(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) .* ET$|No market data$/, '')
      .replace(/^[+−]/, ''),
  );
}

const header = (name: string) =>
  within(screen.getByRole('region', { name: 'Liquid Assets table' })).getByRole('columnheader', {
    name: new RegExp(`^${name.replace(/[$%]/g, '\\$&')}`),
  });

async function openGpDashboard() {
  storeSession('GP');
  const api = fakeApi(dashboardReads());
  renderApp('/gp_dashboard', api);
  await screen.findByRole('region', { name: 'Liquid Assets table' });
  return api;
}

describe('the Liquid Assets table', () => {
  it('groups lots by symbol and sorts by symbol ascending at first', async () => {
    await openGpDashboard();
    expect(bodyRows()).toEqual(['AAPL', 'BTC', 'KO']);
    expect(header('Symbol').getAttribute('aria-sort')).toBe('ascending');
    // AAPL's two lots: 40 shares, average paid (10×100 + 30×140) / 40 = 130, value 40 × 120.
    const aapl = screen.getByRole('rowheader', { name: /AAPL/ }).closest('tr');
    expect(aapl?.textContent).toContain('130.00');
    expect(aapl?.textContent).toContain('4,800.00');
    expect(aapl?.textContent).toContain('121.50'); // the prediction
    expect(screen.getByRole('link', { name: /AAPL/ }).getAttribute('href')).toBe('https://www.google.com/finance/quote/AAPL:NASDAQ');
    expect(screen.getByRole('link', { name: /BTC/ }).getAttribute('href')).toBe('https://www.google.com/finance/quote/BTC-USD');
    expect(screen.getByRole('link', { name: /KO/ }).getAttribute('href')).toBe('https://www.google.com/finance/quote/KO:NYSE');
  });

  it('sorts ascending on the first click of a header and toggles on the next', async () => {
    const user = userEvent.setup();
    await openGpDashboard();
    await user.click(within(header('Value $')).getByRole('button'));
    expect(bodyRows()).toEqual(['AAPL', 'KO', 'BTC']);
    expect(header('Value $').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Symbol').getAttribute('aria-sort')).toBe('none');
    await user.click(within(header('Value $')).getByRole('button'));
    expect(bodyRows()).toEqual(['BTC', 'KO', 'AAPL']);
    expect(header('Value $').getAttribute('aria-sort')).toBe('descending');
    await user.click(within(header('Value $')).getByRole('button'));
    expect(bodyRows()).toEqual(['AAPL', 'KO', 'BTC']);
    // The prediction column is the one that does not sort.
    expect(within(header('Next Day Predicted Close')).queryByRole('button', { name: /Next Day/ })).toBeNull();
  });

  it('loads a symbol’s lots when it is opened, oldest first, whichever way the table is sorted', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    let answer: () => void = () => undefined;
    const books = booksFixture();
    const reads = dashboardReads({}, books);
    const api = fakeApi({
      ...reads,
      // The lots arrive when the test says so: until then the open symbol says they are loading.
      'portfolio.lots': (input) =>
        new Promise((resolve) => {
          answer = () => resolve(reads['portfolio.lots']!(input));
        }),
    });
    renderApp('/gp_dashboard', api);
    await screen.findByRole('region', { name: 'Liquid Assets table' });
    // The dashboard loads the figures without the lots; no symbol's lots until one opens.
    expect(api.callsTo('portfolio.valuation')).toEqual([]);
    expect(api.callsTo('portfolio.lots')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show lots of AAPL' }));
    const table = within(screen.getByRole('region', { name: 'Liquid Assets table' }));
    expect((await table.findByRole('status')).textContent).toBe('Loading lots…');
    expect(api.callsTo('portfolio.lots').map((c) => c.input)).toEqual([{ symbol: 'AAPL' }]);
    expect(bodyRows()).toEqual(['AAPL', '', 'BTC', 'KO']);
    answer();
    await screen.findByRole('rowheader', { name: 'Lot of Jun 1, 2024' });
    expect(screen.queryByText('Loading lots…')).toBeNull();
    expect(bodyRows()).toEqual(['AAPL', 'Lot of Jun 1, 2024', 'Lot of Mar 1, 2025', 'BTC', 'KO']);
    expect(screen.getByRole('button', { name: 'Hide lots of AAPL' }).getAttribute('aria-expanded')).toBe('true');
    const lot = screen.getByRole('rowheader', { name: 'Lot of Mar 1, 2025' }).closest('tr');
    const cells = Array.from(lot?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells[3]).toBe('10'); // Qty #
    expect(cells[9]).toBe('1,200.00'); // Value $: 10 × 120
    await user.click(within(header('Symbol')).getByRole('button'));
    expect(bodyRows()).toEqual(['KO', 'BTC', 'AAPL', 'Lot of Jun 1, 2024', 'Lot of Mar 1, 2025']);
    await user.click(within(header('Value $')).getByRole('button'));
    expect(bodyRows()).toEqual(['AAPL', 'Lot of Jun 1, 2024', 'Lot of Mar 1, 2025', 'KO', 'BTC']);
    await user.click(screen.getByRole('button', { name: 'Hide lots of AAPL' }));
    expect(bodyRows()).toEqual(['AAPL', 'KO', 'BTC']);
    // Opened again, the lots already loaded show at once.
    await user.click(screen.getByRole('button', { name: 'Show lots of AAPL' }));
    expect(bodyRows()).toEqual(['AAPL', 'Lot of Jun 1, 2024', 'Lot of Mar 1, 2025', 'KO', 'BTC']);
  });

  it('says when a symbol’s lots could not be loaded, and loads them on Try again', async () => {
    const user = userEvent.setup();
    storeSession('LP');
    const lots = readsWithFailingLots();
    const api = fakeApi(lots.handlers);
    renderApp('/lp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: 'Show lots of KO' }));
    const table = within(screen.getByRole('region', { name: 'Liquid Assets table' }));
    const alert = await table.findByRole('alert');
    expect(alert.textContent).toBe('The lots of KO could not be loaded. The books could not be read.');
    lots.recover();
    await user.click(table.getByRole('button', { name: 'Try again' }));
    await table.findByRole('rowheader', { name: 'Lot of Feb 1, 2024' });
    expect(table.queryByRole('alert')).toBeNull();
    expect(bodyRows()).toEqual(['AAPL', 'BTC', 'KO', 'Lot of Feb 1, 2024']);
  });

  it('deletes a lot after its confirmation', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'portfolio.holdings.remove': () => ({ message: 'Purchase lot deleted.' }) }));
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: 'Show lots of AAPL' }));
    await user.click(await screen.findByRole('button', { name: 'Delete AAPL lot of Mar 1, 2025' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete purchase lot' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Purchase lot deleted.')).toBeTruthy();
    expect(api.callsTo('portfolio.holdings.remove')[0]?.input).toEqual({ id: 1 });
  });

  it('shows the engine’s figures in the four stat cards, with signs', async () => {
    await openGpDashboard();
    // 40,800 liquid + 6,500 venture + 700,000 property + 90,000 rent + 25,000 cash − 10,000 margin
    expect(screen.getByText('Net Account Value', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$852,300.00');
    // liquid −400 + 10,000 + 200; venture +2,500; property +100,000 + 90,000 rent
    expect(screen.getByText('Total Unrealized Gains').nextElementSibling?.textContent).toBe('+$202,300.00');
    // 40 × 2 − 0.5 × 1,000 + 100 × 0.5
    const day = screen.getByText("Day's Unrealized Gains").nextElementSibling;
    expect(day?.textContent).toBe('-$370.00');
    expect(day?.className).toContain('tone--loss');
    const realized = screen.getByText('Realized Gains (Year to Date)').nextElementSibling;
    expect(realized?.textContent).toBe('+$1,250.00');
    expect(realized?.className).toContain('tone--gain');
    expect(screen.getByText('Stock prices refresh about once per minute.')).toBeTruthy();
    expect(screen.getByText('Simulated prices')).toBeTruthy();
    // The footer: margin debit negative, and TOTAL's value with the balances.
    const footer = screen.getByRole('region', { name: 'Liquid Assets table' }).querySelector('tfoot');
    expect(footer?.textContent).toContain('-10,000.00');
    expect(footer?.textContent).toContain('60,800.00'); // 40,800 + 25,000 + 5,000 − 10,000
    expect(footer?.textContent).toContain('+31.61%'); // 9,800 gain on 31,000 cost
  });

  it('shows the valuation’s text as given: a half cent rounded by the engine, and more digits than a float holds', async () => {
    storeSession('GP');
    const books = booksFixture();
    // 3 × 1.005 is 3.015, 3.02 to the engine (half up); as floats it is 3.0149999…, which shows as 3.01.
    books.lots.push({
      id: 5,
      symbol: 'HALF',
      assetType: 'stock',
      exchange: null,
      qty: '3',
      pricePaid: '1',
      costBasis: '3.00',
      purchaseDate: '2025-01-02',
    });
    books.quotes.HALF = { ...books.quotes.AAPL!, lastPrice: 1.005, change: 0.005 };
    const valuation = positionsOf(books);
    const huge = {
      ...valuation,
      totals: { ...valuation.totals, netAccountValue: '12345678901234567.89', cashAvailable: '12345678901234567.89' },
    };
    renderApp('/gp_dashboard', fakeApi(dashboardReads({ 'portfolio.positions': () => huge }, books)));
    const half = (await screen.findByRole('rowheader', { name: /HALF/ })).closest('tr');
    const cells = Array.from(half?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells[5]).toBe('+0.02'); // Day's Gain $: 3 × 0.005, half up
    expect(cells[7]).toBe('+0.02'); // Total Gain $
    expect(cells[8]).toBe('+0.67%'); // Total Gain %
    expect(cells[9]).toBe('3.02'); // Value $
    expect(screen.getByText('Net Account Value', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$12,345,678,901,234,567.89');
    const footer = screen.getByRole('region', { name: 'Liquid Assets table' }).querySelector('tfoot');
    const cash = Array.from(footer?.querySelectorAll('tr') ?? []).find((tr) => tr.querySelector('th')?.textContent === 'Cash Available');
    expect(cash?.textContent).toContain('12,345,678,901,234,567.89');
  });

  it('sorts figures exactly, as decimals', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const books = booksFixture();
    // Two values a float cannot tell apart (both are 900719925474099.9 as doubles).
    books.lots = [
      { id: 7, symbol: 'AAA', assetType: 'stock', exchange: null, qty: '1', pricePaid: '1', costBasis: '1.00', purchaseDate: '2025-01-02' },
      { id: 8, symbol: 'BBB', assetType: 'stock', exchange: null, qty: '1', pricePaid: '1', costBasis: '1.00', purchaseDate: '2025-01-02' },
    ];
    books.quotes = { AAA: { ...books.quotes.AAPL!, lastPrice: 1 }, BBB: { ...books.quotes.AAPL!, lastPrice: 1 } };
    const valuation = positionsOf(books);
    const [aaa, bbb] = valuation.positions;
    const positions = [
      { ...aaa!, value: '900719925474099.93' },
      { ...bbb!, value: '900719925474099.92' },
    ];
    renderApp('/gp_dashboard', fakeApi(dashboardReads({ 'portfolio.positions': () => ({ ...valuation, positions }) }, books)));
    await screen.findByRole('rowheader', { name: /AAA/ });
    await user.click(within(header('Value $')).getByRole('button'));
    expect(bodyRows()).toEqual(['BBB', 'AAA']);
  });

  it('gives LPs no prediction column, N/A for a missing dividend yield or P/E, and nothing to edit', async () => {
    storeSession('LP');
    renderApp('/lp_dashboard', fakeApi(dashboardReads()));
    const region = await screen.findByRole('region', { name: 'Liquid Assets table' });
    expect(within(region).queryByRole('columnheader', { name: /Next Day/ })).toBeNull();
    const btc = within(region).getByRole('rowheader', { name: /BTC/ }).closest('tr');
    const cells = Array.from(btc?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells[10]).toBe('N/A'); // Dividend Yield %
    expect(cells[13]).toBe('N/A'); // P/E ratio
    expect(screen.queryByRole('button', { name: '+ Investment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sell/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Chatbot/ })).toBeNull();
    // The balances are the dashboard's last section, shown after the tables.
    const balances = within(await screen.findByRole('region', { name: 'Cash and Margin' }));
    expect(screen.queryByRole('button', { name: 'Save Balances' })).toBeNull();
    expect(balances.getByText('Cash Available').nextElementSibling?.textContent).toBe('25,000.00');
    expect(balances.getByText('Margin Debit').nextElementSibling?.textContent).toBe('-10,000.00');
    expect(screen.getByText('Realized Gains (Year to Date)').nextElementSibling?.textContent).toBe('+$1,250.00');
  });

  it('shows GPs 0 for a missing dividend yield or P/E', async () => {
    await openGpDashboard();
    const btc = screen.getByRole('rowheader', { name: /BTC/ }).closest('tr');
    const cells = Array.from(btc?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells[10]).toBe('0.00%');
    expect(cells[13]).toBe('0.00');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /S&P 500/ }).getAttribute('href')).toBe('https://finance.yahoo.com/quote/%5EGSPC'),
    );
  });
});
