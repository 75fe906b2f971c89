import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi } from '../../test/fake-api';
import { dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';

describe('the balances panel', () => {
  it('keeps the numeric rule as typed, sends numbers and says when saving fails', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    let fail = false;
    const api = fakeApi(
      dashboardReads({
        'portfolio.saveBalances': (input) => {
          if (fail) throw new FakeApiError(500, 'boom');
          return input;
        },
      }),
    );
    renderApp('/gp_dashboard', api);
    const panel = await screen.findByRole('region', { name: 'Cash and Margin' });
    const cash = within(panel).getByLabelText('Cash Available') as HTMLInputElement;
    await user.clear(cash);
    await user.type(cash, '1,250x.5.0');
    expect(cash.value).toBe('1250.50');
    const margin = within(panel).getByLabelText('Margin Debit') as HTMLInputElement;
    await user.clear(margin);
    await user.type(margin, '-3a');
    expect(margin.value).toBe('-3');

    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    await waitFor(() => expect(api.callsTo('portfolio.saveBalances')).toHaveLength(1));
    expect(api.callsTo('portfolio.saveBalances')[0]?.input).toEqual({ cash_available: 1250.5, margin_debit: -3, accounts_receivable: 5000 });

    fail = true;
    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    expect(await screen.findByText('Failed to save balances')).toBeTruthy();
  });
});
