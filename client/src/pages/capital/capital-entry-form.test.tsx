import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';
import { BOOK_DATE_RULE } from '@contract/book-dates';

const figures = {
  commitment: '0',
  contributed: '0',
  unfunded: '0',
  distributed: '0',
  units: '0',
  value: '0',
  dpi: null,
  rvpi: null,
  tvpi: null,
  irr: null,
};
const fund = { as_of: '2026-01-05', start_date: null, net_account_value: '0', units_outstanding: '0', unit_value: null };
const partner = { user_id: 7, name: 'Lena Partner', email: 'lena@example.com' };

function capitalApi() {
  return fakeApi({
    'portfolio.capital.accounts': () => ({
      fund,
      accounts: [{ ...partner, figures, provisional: false }],
      provisional: null,
      gp: { units: '0', value: '0' },
    }),
    'portfolio.capital.account': () => ({ ...partner, figures, fund, entries: [], history: [], provisional: null }),
    'portfolio.officialNav.list': () => ({ navs: [] }),
    'portfolio.capital.addEntry': () => ({
      message: 'Contribution of $2,500.00 on 2026-01-05 recorded for lena@example.com.',
      entry: { id: 1, user_id: 7, kind: 'contribution', amount: '2500', date: '2026-01-05', units: '0', unit_value: null },
    }),
  });
}

describe('the capital entry form', () => {
  it('ties the contract’s messages to the fields they name and sends nothing until they are right', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = capitalApi();
    renderApp('/capital_accounts', api);
    const form = await screen.findByRole('form', { name: 'Record a capital account entry' });
    const amount = within(form).getByLabelText('Amount');
    const date = within(form).getByLabelText('Date');
    await user.clear(date);
    await user.click(within(form).getByRole('button', { name: 'Record entry' }));

    const amountError = within(form).getByText('Amount must be more than 0.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe(amountError.id);
    const dateError = within(form).getByText('Date must be a date in YYYY-MM-DD form.');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toBe(dateError.id);
    expect(document.activeElement).toBe(amount);
    expect(api.callsTo('portfolio.capital.addEntry')).toHaveLength(0);

    await user.type(amount, '2,500.005');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Record entry' }));
    expect(within(form).getByText('Amount can have at most 2 decimal places.')).toBeTruthy();
    expect(api.callsTo('portfolio.capital.addEntry')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2,500');
    await user.type(date, '2026-01-05');
    await user.click(within(form).getByRole('button', { name: 'Record entry' }));
    expect(await screen.findByText('Contribution of $2,500.00 on 2026-01-05 recorded for lena@example.com.')).toBeTruthy();
    expect(api.callsTo('portfolio.capital.addEntry')[0]?.input).toEqual({
      userId: 7,
      kind: 'contribution',
      amount: '2500',
      date: '2026-01-05',
    });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBeNull());
  });

  it('keeps the books’ date rule, and offers negative cash (margin) for a distribution only', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = capitalApi();
    renderApp('/capital_accounts', api);
    const form = await screen.findByRole('form', { name: 'Record a capital account entry' });
    const margin = () => within(form).queryByRole('checkbox', { name: 'Allow negative cash (margin)' });
    expect(margin()).toBeNull();
    await user.type(within(form).getByLabelText('Amount'), '1000');
    const date = within(form).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2999-01-05');
    await user.click(within(form).getByRole('button', { name: 'Record entry' }));
    expect(date.getAttribute('aria-describedby')).toBe(within(form).getByText(BOOK_DATE_RULE).id);
    expect(api.callsTo('portfolio.capital.addEntry')).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '2026-01-05');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'distribution');
    await user.click(margin()!);
    await user.click(within(form).getByRole('button', { name: 'Record entry' }));
    await waitFor(() => expect(api.callsTo('portfolio.capital.addEntry')).toHaveLength(1));
    expect(api.callsTo('portfolio.capital.addEntry')[0]?.input).toEqual({
      userId: 7,
      kind: 'distribution',
      amount: '1000',
      date: '2026-01-05',
      allow_negative_cash: true,
    });
  });
});
