import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type ProcedureOutput } from '../../test/fake-api';
import { dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';

type Status = ProcedureOutput<'portfolio.historyRebuild'>;
const idle: Status = {
  state: 'idle',
  from: '2024-11-26',
  to: '2026-11-25',
  day: 730,
  days: 730,
  started_at: '2026-11-26T17:00:00.000Z',
  finished_at: '2026-11-26T17:00:05.000Z',
  pending_from: null,
  error: null,
};

describe('the history chart while past days are rebuilt', () => {
  it('says "Rebuilding history (day n of N)" while it runs, then fetches the history again', async () => {
    storeSession('LP');
    let status: Status = { ...idle, state: 'running', day: 250, finished_at: null };
    let historyCalls = 0;
    const api = fakeApi(
      dashboardReads({
        'portfolio.historyRebuild': () => status,
        'portfolio.history': () => {
          historyCalls += 1;
          return { days: [] };
        },
      }),
    );
    renderApp('/lp_dashboard', api);
    const text = await screen.findByText(/^Rebuilding history \(day 250 of 730\) from Nov 26, 2024\./, undefined, { timeout: 10_000 });
    expect(text.textContent).toContain('Figures of past days may change until it is done.');
    // Announced politely to screen readers as it moves on.
    expect(text.getAttribute('role')).toBe('status');
    const before = historyCalls;
    status = idle;
    await waitFor(() => expect(screen.queryByText(/^Rebuilding history/)).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(historyCalls).toBeGreaterThan(before), { timeout: 10_000 });
  });
});
