import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../test/fake-api';
import { dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';
import { HOLDINGS_REFRESH_MS } from './refresh';

/** The requests after `since` that asked for the dashboard's figures and the history (and an open symbol's lots, when one is open). */
function requestsWithBoth(api: FakeApi, since: number, withLots = false): number[] {
  const of = (path: 'portfolio.positions' | 'portfolio.history' | 'portfolio.lots') =>
    new Set(
      api
        .callsTo(path)
        .filter((c) => c.request > since)
        .map((c) => c.request),
    );
  const history = of('portfolio.history');
  const lots = of('portfolio.lots');
  return [...of('portfolio.positions')].filter((request) => history.has(request) && (!withLots || lots.has(request)));
}

const lastRequest = (api: FakeApi) => Math.max(0, ...api.calls.map((c) => c.request));

describe("the cards' valuation, the open symbols' lots and the chart's history", () => {
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
    // An open symbol's lots are read from the same books: they are asked for again with the figures.
    await user.click(screen.getByRole('button', { name: 'Show lots of AAPL' }));
    await screen.findByRole('rowheader', { name: 'Lot of Jun 1, 2024' });
    expect(api.callsTo('portfolio.lots').map((c) => c.input)).toEqual([{ symbol: 'AAPL' }]);
    const before = lastRequest(api);
    await user.click(within(panel).getByRole('button', { name: 'Save Balances' }));
    await waitFor(() => expect(requestsWithBoth(api, before, true)).toHaveLength(1));
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
