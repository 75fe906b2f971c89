import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../test/fake-api';
import { dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';
import { HOLDINGS_REFRESH_MS } from './refresh';

/** The requests after `since` that asked for both the valuation and the history. */
function requestsWithBoth(api: FakeApi, since: number): number[] {
  const of = (path: 'portfolio.valuation' | 'portfolio.history') =>
    new Set(
      api
        .callsTo(path)
        .filter((c) => c.request > since)
        .map((c) => c.request),
    );
  const history = of('portfolio.history');
  return [...of('portfolio.valuation')].filter((request) => history.has(request));
}

const lastRequest = (api: FakeApi) => Math.max(0, ...api.calls.map((c) => c.request));

describe("the cards' valuation and the chart's history", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are asked for again together, in one request, after a write', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(
      dashboardReads({
        'portfolio.balances.save': (input) => ({
          cash_available: Number(input.cash_available),
          margin_debit: Number(input.margin_debit),
          accounts_receivable: Number(input.accounts_receivable),
        }),
      }),
    );
    renderApp('/gp_dashboard', api);
    const panel = await screen.findByRole('region', { name: 'Cash and Margin' });
    const before = lastRequest(api);
    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    await waitFor(() => expect(requestsWithBoth(api, before)).toHaveLength(1));
  });

  it('are asked for again together on the holdings schedule', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession('LP');
    const api = fakeApi(dashboardReads());
    renderApp('/lp_dashboard', api);
    await screen.findByRole('region', { name: 'Liquid Assets table' });
    const before = lastRequest(api);
    await act(() => vi.advanceTimersByTimeAsync(HOLDINGS_REFRESH_MS + 100));
    await waitFor(() => expect(requestsWithBoth(api, before)).toHaveLength(1));
  });
});
