import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi, type ProcedureInput, type ProcedureOutput } from '../../test/fake-api';
import { booksFixture, dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';

/** What the server answers after saving the balances: the stored figures, as numbers. */
function savedBalances(input: ProcedureInput<'portfolio.balances.save'>): ProcedureOutput<'portfolio.balances.save'> {
  return {
    cash_available: Number(input.cash_available),
    margin_debit: Number(input.margin_debit),
    accounts_receivable: Number(input.accounts_receivable),
  };
}

describe('the balances panel', () => {
  it('keeps the numeric rule as typed, sends what was typed as decimal text and says when saving fails', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    let fail = false;
    const api = fakeApi(
      dashboardReads({
        'portfolio.balances.save': (input) => {
          if (fail) throw new FakeApiError(500, 'boom');
          return savedBalances(input);
        },
      }),
    );
    renderApp('/gp_dashboard', api);
    const panel = await screen.findByRole('region', { name: 'Cash and Margin' });
    const cash = within(panel).getByLabelText('Cash Available') as HTMLInputElement;
    // The engine's text to start with.
    expect(cash.value).toBe('25000.00');
    await user.clear(cash);
    await user.type(cash, '1,250x.5.0');
    expect(cash.value).toBe('1250.50');
    const margin = within(panel).getByLabelText('Margin Debit') as HTMLInputElement;
    await user.clear(margin);
    await user.type(margin, '-3a');
    expect(margin.value).toBe('-3');

    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    await waitFor(() => expect(api.callsTo('portfolio.balances.save')).toHaveLength(1));
    expect(api.callsTo('portfolio.balances.save')[0]?.input).toEqual({
      cash_available: '1250.50',
      margin_debit: '-3',
      accounts_receivable: '5000.00',
    });

    fail = true;
    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    expect(await screen.findByText('Failed to save balances')).toBeTruthy();
  });

  it('stores exactly what was typed, and shows the engine’s figure after saving', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const books = booksFixture();
    const api = fakeApi(
      dashboardReads(
        {
          'portfolio.balances.save': (input) => {
            books.balances = {
              cashAvailable: String(input.cash_available),
              marginDebit: String(input.margin_debit),
              accountsReceivable: String(input.accounts_receivable),
            };
            return savedBalances(input);
          },
        },
        books,
      ),
    );
    renderApp('/gp_dashboard', api);
    const panel = await screen.findByRole('region', { name: 'Cash and Margin' });
    const cash = within(panel).getByLabelText('Cash Available') as HTMLInputElement;
    await user.clear(cash);
    await user.type(cash, '1,234,567,890.12');
    expect(cash.value).toBe('1234567890.12');
    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    expect(await screen.findByText('Balances saved.')).toBeTruthy();
    expect(api.callsTo('portfolio.balances.save')[0]?.input).toEqual({
      cash_available: '1234567890.12',
      margin_debit: '10000.00',
      accounts_receivable: '5000.00',
    });
    // The valuation is read again: the footer and the panel show the stored figure.
    const footer = screen.getByRole('region', { name: 'Liquid Assets table' }).querySelector('tfoot');
    await waitFor(() => expect(footer?.textContent).toContain('1,234,567,890.12'));
    expect((within(panel).getByLabelText('Cash Available') as HTMLInputElement).value).toBe('1234567890.12');
  });
});

describe('deposits and withdrawals', () => {
  it('records one as the ledger entry it is, with what was typed, and says what it did', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(
      dashboardReads({
        'portfolio.balances.recordCashMovement': () => ({
          message: 'Deposit of $1,250,000.05 recorded. Cash Available is now $1,275,000.05.',
          cash_available: '1275000.05',
        }),
      }),
    );
    renderApp('/gp_dashboard', api);
    const form = await screen.findByRole('form', { name: 'Record a deposit or withdrawal' });
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    // The contract's message, under the field it names and read with it.
    const amount = within(form).getByLabelText('Amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe(within(form).getByText('Amount must be more than 0.').id);
    expect(document.activeElement).toBe(amount);
    expect(api.callsTo('portfolio.balances.recordCashMovement')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Amount'), '1,250,000.05');
    await user.type(within(form).getByLabelText('Note'), 'Capital call Q4');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    // Above the threshold: Cash Available before and after, and nothing recorded until confirmed.
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this deposit' });
    expect(dialog.textContent).toContain('A deposit of $1,250,000.05 is above $100,000.00.');
    expect(within(dialog).getByText('Cash Available now: $25,000.00')).toBeTruthy();
    expect(within(dialog).getByText('Cash Available after: $1,275,000.05')).toBeTruthy();
    expect(api.callsTo('portfolio.balances.recordCashMovement')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Record the deposit' }));
    expect(await screen.findByText('Deposit of $1,250,000.05 recorded. Cash Available is now $1,275,000.05.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: /^Confirm/ })).toBeNull();
    expect(api.callsTo('portfolio.balances.recordCashMovement')[0]?.input).toEqual({
      kind: 'deposit',
      amount: '1250000.05',
      note: 'Capital call Q4',
      confirmed: true,
    });
    expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it('refuses what the server would refuse before sending it, with the server’s words', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'portfolio.balances.recordCashMovement': () => ({ message: 'recorded', cash_available: '0' }) }));
    renderApp('/gp_dashboard', api);
    const form = await screen.findByRole('form', { name: 'Record a deposit or withdrawal' });
    await user.type(within(form).getByLabelText('Amount'), '10.005');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(within(form).getByText('Amount can have at most 2 decimal places.')).toBeTruthy();
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('portfolio.balances.recordCashMovement')).toHaveLength(0);
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(
      dashboardReads({
        'portfolio.balances.recordCashMovement': () => {
          throw new FakeApiError(400, 'Cash Available cannot go below zero.');
        },
      }),
    );
    renderApp('/gp_dashboard', api);
    const form = await screen.findByRole('form', { name: 'Record a deposit or withdrawal' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'withdrawal');
    await user.type(within(form).getByLabelText('Amount'), '10.05');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText('Cash Available cannot go below zero.')).toBeTruthy();
    expect(api.callsTo('portfolio.balances.recordCashMovement')[0]?.input).toMatchObject({ kind: 'withdrawal', amount: '10.05' });
    expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe('10.05');
  });

  it('records a movement up to the threshold without asking, and one above it only once confirmed', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(
      dashboardReads({ 'portfolio.balances.recordCashMovement': () => ({ message: 'Withdrawal recorded.', cash_available: '0' }) }),
    );
    renderApp('/gp_dashboard', api);
    const form = await screen.findByRole('form', { name: 'Record a deposit or withdrawal' });
    await user.type(within(form).getByLabelText('Amount'), '100000');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    await screen.findByText('Withdrawal recorded.');
    expect(screen.queryByRole('alertdialog', { name: /^Confirm/ })).toBeNull();
    expect(api.callsTo('portfolio.balances.recordCashMovement')[0]?.input).toEqual({ kind: 'deposit', amount: '100000', note: '' });

    await user.type(within(form).getByLabelText('Amount'), '100000.01');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this deposit' });
    // Cancel records nothing and keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog', { name: /^Confirm/ })).toBeNull();
    expect(api.callsTo('portfolio.balances.recordCashMovement')).toHaveLength(1);
    expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe('100000.01');
  });

  it('refuses a withdrawal below zero before sending it, unless negative cash (margin) is allowed', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(
      dashboardReads({
        'portfolio.balances.recordCashMovement': () => ({
          message: 'Withdrawal of $25,000.01 recorded. Cash Available is now -$0.01.',
          cash_available: '-0.01',
        }),
      }),
    );
    renderApp('/gp_dashboard', api);
    const form = await screen.findByRole('form', { name: 'Record a deposit or withdrawal' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'withdrawal');
    await user.type(within(form).getByLabelText('Amount'), '25000.01');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    // The server's preview says why (the fake's words), and nothing is sent.
    expect(await within(form).findByText('Cash Available would go from 25000.00 to -0.01. It cannot go below zero.')).toBeTruthy();
    expect(api.callsTo('portfolio.balances.recordCashMovement')).toHaveLength(0);

    const margin = within(form).getByRole('checkbox', { name: 'Allow negative cash (margin)' });
    expect((margin as HTMLInputElement).checked).toBe(false);
    await user.click(margin);
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Withdrawal of $25,000.01 recorded. Cash Available is now -$0.01.')).toBeTruthy();
    expect(api.callsTo('portfolio.balances.previewCashMovement').at(-1)?.input).toEqual({
      kind: 'withdrawal',
      amount: '25000.01',
      allow_negative_cash: true,
    });
    expect(api.callsTo('portfolio.balances.recordCashMovement')[0]?.input).toEqual({
      kind: 'withdrawal',
      amount: '25000.01',
      note: '',
      allow_negative_cash: true,
    });
    // The box is unticked again for the next movement.
    expect((within(form).getByRole('checkbox', { name: 'Allow negative cash (margin)' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows a withdrawal above the threshold going below zero as on margin', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'portfolio.balances.recordCashMovement': () => ({ message: 'Recorded.', cash_available: '0' }) }));
    renderApp('/gp_dashboard', api);
    const form = await screen.findByRole('form', { name: 'Record a deposit or withdrawal' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'withdrawal');
    await user.type(within(form).getByLabelText('Amount'), '99,999,999');
    await user.click(within(form).getByRole('checkbox', { name: 'Allow negative cash (margin)' }));
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this withdrawal' });
    expect(within(dialog).getByText('Cash Available after: -$99,974,999.00 (below zero, on margin)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record the withdrawal' }));
    await screen.findByText('Recorded.');
    expect(api.callsTo('portfolio.balances.recordCashMovement')[0]?.input).toEqual({
      kind: 'withdrawal',
      amount: '99999999',
      note: '',
      allow_negative_cash: true,
      confirmed: true,
    });
  });

  it('is not there for an LP', async () => {
    storeSession('LP');
    renderApp('/lp_dashboard', fakeApi(dashboardReads()));
    await screen.findByRole('region', { name: 'Cash and Margin' });
    expect(screen.queryByRole('form', { name: 'Record a deposit or withdrawal' })).toBeNull();
  });
});
