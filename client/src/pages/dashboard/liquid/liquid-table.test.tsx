import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardReads } from '../../../test/portfolio-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderApp, storeSession } from '../../../test/render-app';

/** The body rows' first cells: a symbol, or "Lot of …" for a purchase lot. */
function bodyRows(): string[] {
  const region = screen.getByRole('region', { name: 'Liquid Assets table' });
  return Array.from(region.querySelectorAll('tbody tr')).map((row) => (row.querySelector('th')?.textContent ?? '').replace(' (quote, opens in a new tab)', '').replace(/^[+−]/, ''));
}

const header = (name: string) => within(screen.getByRole('region', { name: 'Liquid Assets table' })).getByRole('columnheader', { name: new RegExp(`^${name.replace(/[$%]/g, '\\$&')}`) });

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

  it('opens a symbol into its lots, oldest first, whichever way the table is sorted', async () => {
    const user = userEvent.setup();
    await openGpDashboard();
    await user.click(screen.getByRole('button', { name: 'Show lots of AAPL' }));
    expect(bodyRows()).toEqual(['AAPL', 'Lot of Jun 1, 2024', 'Lot of Mar 1, 2025', 'BTC', 'KO']);
    expect(screen.getByRole('button', { name: 'Hide lots of AAPL' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(within(header('Symbol')).getByRole('button'));
    expect(bodyRows()).toEqual(['KO', 'BTC', 'AAPL', 'Lot of Jun 1, 2024', 'Lot of Mar 1, 2025']);
    await user.click(screen.getByRole('button', { name: 'Hide lots of AAPL' }));
    expect(bodyRows()).toEqual(['KO', 'BTC', 'AAPL']);
  });

  it('deletes a lot after its confirmation', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'portfolio.deleteHolding': () => ({ message: 'Purchase lot deleted.' }) }));
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: 'Show lots of AAPL' }));
    await user.click(screen.getByRole('button', { name: 'Delete AAPL lot of Mar 1, 2025' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete purchase lot' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Purchase lot deleted.')).toBeTruthy();
    expect(api.callsTo('portfolio.deleteHolding')[0]?.input).toEqual({ id: 1 });
  });

  it('shows the stat cards from the domain figures, with signs', async () => {
    await openGpDashboard();
    // 40,800 liquid + 6,500 venture + 700,000 property + 90,000 rent + 25,000 cash − 10,000 margin
    expect(screen.getByText('Net Account Value').nextElementSibling?.textContent).toBe('$852,300.00');
    // liquid −400 + 10,000 + 200; venture +2,500; property +100,000 + 90,000 rent
    expect(screen.getByText('Total Unrealized Gains').nextElementSibling?.textContent).toBe('+$202,300.00');
    // 40 × 2 − 0.5 × 1,000 + 100 × 0.5
    const day = screen.getByText("Day's Unrealized Gains").nextElementSibling;
    expect(day?.textContent).toBe('-$370.00');
    expect(day?.className).toContain('tone--loss');
    expect(screen.getByText('Stock prices refresh about once per minute.')).toBeTruthy();
    expect(screen.getByText('Simulated prices')).toBeTruthy();
    // The footer: margin debit negative, and TOTAL's value with the balances.
    const footer = screen.getByRole('region', { name: 'Liquid Assets table' }).querySelector('tfoot');
    expect(footer?.textContent).toContain('-10,000.00');
    expect(footer?.textContent).toContain('60,800.00'); // 40,800 + 25,000 + 5,000 − 10,000
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
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Chatbot/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Balances' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Cash and Margin' })).getByText('Cash Available').nextElementSibling?.textContent).toBe('25,000.00');
  });

  it('shows GPs 0 for a missing dividend yield or P/E', async () => {
    await openGpDashboard();
    const btc = screen.getByRole('rowheader', { name: /BTC/ }).closest('tr');
    const cells = Array.from(btc?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells[10]).toBe('0.00%');
    expect(cells[13]).toBe('0.00');
    await waitFor(() => expect(screen.getByRole('link', { name: /S&P 500/ }).getAttribute('href')).toBe('https://finance.yahoo.com/quote/%5EGSPC'));
  });
});
