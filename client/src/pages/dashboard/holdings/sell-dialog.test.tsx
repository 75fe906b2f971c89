import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi, type FakeHandler } from '../../../test/fake-api';
import { booksFixture, dashboardReads, readsWithFailingLots, sellFromBooks } from '../../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../../test/render-app';
import { PREVIEW_PROMPT, SELL_LOTS_FAILED, SELL_LOTS_LOADING } from './sell-dialog';

/** A GP's dashboard on a fake server whose Sell action changes its books as the real one does. */
async function openGpDashboard(sell?: FakeHandler<'portfolio.holdings.sell'>) {
  const user = userEvent.setup();
  storeSession('GP');
  const books = booksFixture();
  const api = fakeApi(dashboardReads({ 'portfolio.holdings.sell': sell ?? ((input) => sellFromBooks(books, input)) }, books));
  renderApp('/gp_dashboard', api);
  await screen.findByRole('region', { name: 'Liquid Assets table' });
  return { user, api, books };
}

/** Opens the Sell dialog of `symbol`, once its lots (which the preview works the sale out on) are loaded. */
async function openSell(user: ReturnType<typeof userEvent.setup>, symbol: string) {
  await user.click(screen.getByRole('button', { name: `Sell ${symbol}` }));
  const dialog = screen.getByRole('dialog', { name: `Sell ${symbol}` });
  await within(dialog).findByText(PREVIEW_PROMPT);
  return dialog;
}

/** The Value $ cell of a footer row (Cash Available, TOTAL, …). */
function footerValue(label: string): string {
  const footer = screen.getByRole('region', { name: 'Liquid Assets table' }).querySelector('tfoot');
  const row = Array.from(footer?.querySelectorAll('tr') ?? []).find((tr) => tr.querySelector('th')?.textContent === label);
  return Array.from(row?.querySelectorAll('td') ?? [])
    .map((td) => td.textContent)
    .join('');
}

const realizedCard = () => screen.getByText('Realized Gains (Year to Date)').nextElementSibling?.textContent;

describe('the Sell action on a liquid position', () => {
  it('says what the sale will do, sells settled against Cash Available, and the dashboard shows the new figures', async () => {
    const { user, api } = await openGpDashboard();
    expect(screen.getAllByRole('button', { name: /^Sell / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Sell AAPL',
      'Sell BTC',
      'Sell KO',
    ]);
    const dialog = await openSell(user, 'AAPL');
    const price = within(dialog).getByLabelText('Price') as HTMLInputElement;
    expect(price.value).toBe('120.00'); // the last price, as text
    const settle = within(dialog).getByRole('checkbox', { name: 'Settle against Cash Available' }) as HTMLInputElement;
    expect(settle.checked).toBe(true);
    expect(within(dialog).getByText('Enter a quantity and a price to see what the sale does.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    // First in, first out: the 10 come from the lot of 30 bought at 140 (basis 1,400). Worked out
    // once the form's rules and the lots are loaded.
    expect(
      await within(dialog).findByText('Selling 10 AAPL brings $1,200.00: a realized loss of $200.00 (first in, first out).'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Cash Available goes from $25,000.00 to $26,200.00.')).toBeTruthy();

    expect(realizedCard()).toBe('+$1,250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Sold 10 AAPL for 1200.00.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sell AAPL' })).toBeNull());
    expect(api.callsTo('portfolio.holdings.sell')[0]?.input).toEqual({ symbol: 'AAPL', qty: '10', price: '120', settles: true });

    // The engine's new figures: the cash in the footer, the realized gains and the position.
    await waitFor(() => expect(footerValue('Cash Available')).toBe('26,200.00'));
    expect(realizedCard()).toBe('+$1,050.00');
    const aapl = screen.getByRole('rowheader', { name: /AAPL/ }).closest('tr');
    expect(aapl?.querySelectorAll('td')[3]?.textContent).toBe('30'); // Qty #
  });

  it('leaves Cash Available alone when the sale does not settle, and sells all with one click', async () => {
    const { user, api } = await openGpDashboard();
    const dialog = await openSell(user, 'AAPL');
    await user.click(within(dialog).getByRole('button', { name: 'Sell all' }));
    expect((within(dialog).getByLabelText('Quantity') as HTMLInputElement).value).toBe('40');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Settle against Cash Available' }));
    expect(within(dialog).getByText('Selling 40 AAPL brings $4,800.00: a realized loss of $400.00 (first in, first out).')).toBeTruthy();
    expect(within(dialog).getByText('Cash Available stays at $25,000.00.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /AAPL/ })).toBeNull());
    expect(api.callsTo('portfolio.holdings.sell')[0]?.input).toEqual({ symbol: 'AAPL', qty: '40', price: '120', settles: false });
    expect(footerValue('Cash Available')).toBe('25,000.00');
    expect(realizedCard()).toBe('+$850.00');
  });

  it('sells a fraction of a crypto at a typed price, commas and all', async () => {
    const { user, api } = await openGpDashboard();
    const dialog = await openSell(user, 'BTC');
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('60000.00');
    await user.type(within(dialog).getByLabelText('Quantity'), '0.125');
    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '61,234.57');
    // 0.125 × 61,234.57 = 7,654.32125, to the cent half up; the basis of 0.125 of the 0.5 bought for 20,000 is 5,000.
    expect(
      within(dialog).getByText('Selling 0.125 BTC brings $7,654.32: a realized gain of $2,654.32 (first in, first out).'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Cash Available goes from $25,000.00 to $32,654.32.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(api.callsTo('portfolio.holdings.sell')).toHaveLength(1));
    expect(api.callsTo('portfolio.holdings.sell')[0]?.input).toEqual({ symbol: 'BTC', qty: '0.125', price: '61234.57', settles: true });
  });

  it('names the field in each validation message and sends nothing until both are right', async () => {
    const { user, api } = await openGpDashboard();
    const dialog = await openSell(user, 'KO');
    const qty = within(dialog).getByLabelText('Quantity');
    const price = within(dialog).getByLabelText('Price');
    const confirm = within(dialog).getByRole('button', { name: 'Sell' });

    await user.click(confirm);
    expect(within(dialog).getByText('Quantity is required.')).toBeTruthy();
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(qty.getAttribute('aria-describedby')).toContain(within(dialog).getByText('Quantity is required.').id);
    expect(document.activeElement).toBe(qty);

    await user.type(qty, '101');
    // Said as soon as both fields hold something.
    expect(within(dialog).getByText('Quantity cannot be more than the 100 KO held.')).toBeTruthy();
    await user.click(confirm);
    // Under the field now, and only there.
    expect(within(dialog).getAllByText('Quantity cannot be more than the 100 KO held.')).toHaveLength(1);
    expect(qty.getAttribute('aria-describedby')).toContain(within(dialog).getByText('Quantity cannot be more than the 100 KO held.').id);

    await user.clear(qty);
    await user.type(qty, '0');
    await user.clear(price);
    await user.click(confirm);
    expect(within(dialog).getByText('Quantity must be more than 0.')).toBeTruthy();
    expect(within(dialog).getByText('Price is required.')).toBeTruthy();

    await user.clear(qty);
    await user.type(qty, '5');
    await user.type(price, 'a-b,c');
    // Letters, signs and commas are ignored as they are typed.
    expect((price as HTMLInputElement).value).toBe('');
    await user.click(confirm);
    expect(within(dialog).getByText('Price is required.').id).toBe(price.getAttribute('aria-describedby')?.split(' ')[1]);
    expect(document.activeElement).toBe(price);
    expect(within(dialog).getByText('Enter a quantity and a price to see what the sale does.')).toBeTruthy();
    await user.type(price, '-1');
    expect((price as HTMLInputElement).value).toBe('1');
    expect(api.callsTo('portfolio.holdings.sell')).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    const { user } = await openGpDashboard(() => {
      throw new FakeApiError(400, 'The firm holds only 5 KO; you cannot sell 10.');
    });
    const dialog = await openSell(user, 'KO');
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    const alert = await within(dialog).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('The firm holds only 5 KO; you cannot sell 10.'));
    expect(screen.getByRole('dialog', { name: 'Sell KO' })).toBeTruthy();
    expect(footerValue('Cash Available')).toBe('25,000.00');
  });

  it('loads the position’s lots for its preview, and sells nothing before they are here', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const books = booksFixture();
    const reads = dashboardReads({ 'portfolio.holdings.sell': (input) => sellFromBooks(books, input) }, books);
    let answer: () => void = () => undefined;
    const api = fakeApi({
      ...reads,
      'portfolio.lots': (input) =>
        new Promise((resolve) => {
          answer = () => resolve(reads['portfolio.lots']!(input));
        }),
    });
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: 'Sell AAPL' }));
    const dialog = screen.getByRole('dialog', { name: 'Sell AAPL' });
    expect((await within(dialog).findByRole('status')).textContent).toBe(SELL_LOTS_LOADING);
    expect(api.callsTo('portfolio.lots').map((c) => c.input)).toEqual([{ symbol: 'AAPL' }]);
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(within(dialog).getByRole('status').textContent).toBe(SELL_LOTS_LOADING);
    expect(api.callsTo('portfolio.holdings.sell')).toHaveLength(0);

    answer();
    expect(
      await within(dialog).findByText('Selling 10 AAPL brings $1,200.00: a realized loss of $200.00 (first in, first out).'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(api.callsTo('portfolio.holdings.sell')).toHaveLength(1));
    expect(api.callsTo('portfolio.holdings.sell')[0]?.input).toEqual({ symbol: 'AAPL', qty: '10', price: '120', settles: true });
  });

  it('says when the lots could not be loaded, and works the sale out once they are', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const lots = readsWithFailingLots();
    const api = fakeApi(lots.handlers);
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: 'Sell KO' }));
    const dialog = screen.getByRole('dialog', { name: 'Sell KO' });
    expect((await within(dialog).findByText(SELL_LOTS_FAILED)).getAttribute('role')).toBe('alert');
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    lots.recover();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Selling 10 KO brings $600.00: a realized gain of $20.00 (first in, first out).')).toBeTruthy();
    expect(api.callsTo('portfolio.holdings.sell')).toHaveLength(0);
  });
});
