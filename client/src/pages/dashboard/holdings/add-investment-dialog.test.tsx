import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi, type ProcedureInput, type ProcedureOutput } from '../../../test/fake-api';
import { dashboardReads } from '../../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../../test/render-app';
import { BOOK_DATE_RULE } from '@contract/book-dates';

/** The lots the server answers with: one per purchase row, not yet priced. */
function addedLots(input: ProcedureInput<'portfolio.holdings.add'>): ProcedureOutput<'portfolio.holdings.add'> {
  return input.purchases.map((p, i) => ({
    id: 9 + i,
    symbol: input.symbol,
    qty: Number(p.qty),
    price_paid: Number(p.price_paid),
    purchase_date: p.purchase_date,
    asset_type: input.asset_type,
    exchange: input.exchange ?? null,
    lastPrice: null,
    change: null,
    changePct: null,
    dividendYield: null,
    marketCap: null,
    peRatio: null,
    oneMonthPerf: null,
    quoteSource: null,
    quoteAsOf: null,
    quoteStale: null,
  }));
}

describe('the Add Investment modal', () => {
  it('refuses what the server would, naming each field under it, and sends nothing', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'portfolio.holdings.add': addedLots }));
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Investment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Investment' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Save waits for the form's rules however fast it is pressed: the refusal shows, nothing is sent.
    await within(dialog).findByText('Ticker symbol is required.');
    for (const [label, text] of [
      ['Ticker Symbol', 'Ticker symbol is required.'],
      ['Quantity', 'Quantity must be a number.'],
      ['Purchase Date', 'Purchase date must be a date in YYYY-MM-DD form.'],
      ['Purchase Price', 'Purchase price must be a number.'],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(within(dialog).getByText(text).id);
    }
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Ticker Symbol'));

    await user.type(within(dialog).getByLabelText('Ticker Symbol'), 'msft');
    await user.type(within(dialog).getByLabelText('Quantity'), '0');
    await user.type(within(dialog).getByLabelText('Purchase Date'), '2025-01-06');
    await user.type(within(dialog).getByLabelText('Purchase Price'), '400.123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Quantity must be more than 0.');
    expect(within(dialog).getByLabelText('Ticker Symbol').getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).getByText('Quantity must be more than 0.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Purchase Price').getAttribute('aria-describedby')).toBe(
      within(dialog).getByText('Purchase price can have at most 8 decimal places.').id,
    );
    expect(api.callsTo('portfolio.holdings.add')).toHaveLength(0);
  });

  it('sends the upper-cased ticker with one entry per purchase row, and shows the server’s message on failure', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    let refuse = true;
    const api = fakeApi(
      dashboardReads({
        'portfolio.holdings.add': (input) => {
          if (refuse) throw new FakeApiError(400, 'The purchase could not be recorded.');
          return addedLots(input);
        },
      }),
    );
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Investment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Investment' });
    expect((within(dialog).getByLabelText('Asset Type') as HTMLSelectElement).value).toBe('stock');
    await user.type(within(dialog).getByLabelText('Ticker Symbol'), 'msft');
    expect((within(dialog).getByLabelText('Ticker Symbol') as HTMLInputElement).value).toBe('MSFT');
    expect(within(dialog).getByLabelText('Purchase Price').getAttribute('step')).toBe('0.01');

    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.type(within(dialog).getByLabelText('Purchase Price'), '402.3');
    await user.type(within(dialog).getByLabelText('Purchase Date'), '2099-01-05');
    await user.click(within(dialog).getByRole('button', { name: '+ More Purchases' }));
    await user.click(within(dialog).getByRole('button', { name: '+ More Purchases' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove purchase 3' }));
    const second = within(dialog).getByRole('group', { name: 'Purchase 2' });
    await user.type(within(second).getByLabelText('Quantity'), '5');
    await user.type(within(second).getByLabelText('Purchase Price'), '331.75');
    await user.type(within(second).getByLabelText('Purchase Date'), '2024-12-02');

    // The books' date rule, checked before anything is sent, under the date it names.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const first = within(dialog).getByRole('group', { name: 'Purchase 1' });
    expect(await within(first).findByText(BOOK_DATE_RULE)).toBeTruthy();
    expect(within(first).getByLabelText('Purchase Date').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('portfolio.holdings.add')).toHaveLength(0);
    await user.clear(within(first).getByLabelText('Purchase Date'));
    await user.type(within(first).getByLabelText('Purchase Date'), '2025-01-05');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The purchase could not be recorded.')).toBeTruthy();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Investment' })).toBeNull());
    expect(api.callsTo('portfolio.holdings.add')[1]?.input).toEqual({
      symbol: 'MSFT',
      asset_type: 'stock',
      purchases: [
        { qty: '10', price_paid: '402.3', purchase_date: '2025-01-05' },
        { qty: '5', price_paid: '331.75', purchase_date: '2024-12-02' },
      ],
      // The product's modal records purchases made elsewhere: Cash Available is left alone unless asked.
      settles: false,
    });
  });

  it('sends settles: true when the purchase was paid from Cash Available, and reloads the figures', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'portfolio.holdings.add': addedLots }));
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Investment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Investment' });
    const paid = within(dialog).getByRole('checkbox', { name: 'Paid from Cash Available' }) as HTMLInputElement;
    expect(paid.checked).toBe(false);
    await user.type(within(dialog).getByLabelText('Ticker Symbol'), 'msft');
    await user.type(within(dialog).getByLabelText('Quantity'), '2');
    await user.type(within(dialog).getByLabelText('Purchase Price'), '400');
    await user.type(within(dialog).getByLabelText('Purchase Date'), '2025-01-06');
    await user.click(paid);
    const loads = api.callsTo('portfolio.positions').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Investment' })).toBeNull());
    expect(api.callsTo('portfolio.holdings.add')[0]?.input).toMatchObject({ symbol: 'MSFT', settles: true });
    expect(api.callsTo('portfolio.positions').length).toBeGreaterThan(loads);
    expect(await screen.findByText('MSFT added: 1 purchase.')).toBeTruthy();
  });

  it('offers negative cash (margin) only for a purchase paid from Cash Available, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(
      dashboardReads({
        'portfolio.holdings.add': (input) => {
          if (!input.allow_negative_cash) {
            throw new FakeApiError(
              409,
              'Cash Available would go from $25,000.00 to -$975,000.00. It cannot go below zero unless you allow negative cash (margin).',
            );
          }
          return addedLots(input);
        },
      }),
    );
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Investment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Investment' });
    const margin = () => within(dialog).queryByRole('checkbox', { name: 'Allow negative cash (margin)' });
    expect(margin()).toBeNull();
    await user.type(within(dialog).getByLabelText('Ticker Symbol'), 'msft');
    await user.type(within(dialog).getByLabelText('Quantity'), '2500');
    await user.type(within(dialog).getByLabelText('Purchase Price'), '400');
    await user.type(within(dialog).getByLabelText('Purchase Date'), '2025-01-06');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Paid from Cash Available' }));
    expect((margin() as HTMLInputElement).checked).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Cash Available would go from $25,000.00 to -$975,000.00. It cannot go below zero unless you allow negative cash (margin).',
      ),
    ).toBeTruthy();
    expect(api.callsTo('portfolio.holdings.add')[0]?.input).toMatchObject({ settles: true });
    expect(api.callsTo('portfolio.holdings.add')[0]?.input).not.toHaveProperty('allow_negative_cash');

    await user.click(margin()!);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Investment' })).toBeNull());
    expect(api.callsTo('portfolio.holdings.add')[1]?.input).toMatchObject({ settles: true, allow_negative_cash: true });
  });
});
