import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeHandlers } from '../../../test/fake-api';
import { dashboardReads } from '../../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../../test/render-app';
import type { ReturnsOutput } from '../portfolio-types';
import { MWR_ANSWERS, TWR_ANSWERS } from './returns-panel';

const lpDashboard = (handlers: FakeHandlers) => {
  storeSession('LP');
  renderApp('/lp_dashboard', fakeApi(dashboardReads(handlers)));
};

const period = {
  key: 'inception' as const,
  label: 'Since inception',
  from: '2025-01-01',
  to: '2026-01-01',
  startValue: '10000.00',
  endValue: '11000.00',
  flows: [],
  twr: '0.100000000000',
  mwr: '0.1000',
  mwrFlows: [
    { date: '2025-01-01', amount: '-10000.00' },
    { date: '2026-01-01', amount: '11000.00' },
  ],
  drawdown: { depth: '-0.020000000000', peak: '2025-03-03', trough: '2025-03-05' },
  volatility: '0.158745078664',
  beta: '1.234567890123',
  volatilityDays: 260,
  betaDays: 258,
};

describe('the Returns panel', () => {
  it('says a new portfolio has no returns yet', async () => {
    lpDashboard({ 'portfolio.returns': () => ({ asOf: '2026-03-02', periods: [], days: null }) });
    expect(await screen.findByText(/No returns yet/)).toBeTruthy();
  });

  it('shows each period’s figures in a table, what each return answers, and its workings on request', async () => {
    const answer: ReturnsOutput = { asOf: '2026-01-01', periods: [period], days: null };
    lpDashboard({
      'portfolio.returns': (input) =>
        input?.period === undefined
          ? answer
          : {
              ...answer,
              days: [
                {
                  date: '2025-01-01',
                  value: '10000.00',
                  flow: '0',
                  dayReturn: null,
                  growth: '1.000000000000',
                  sp500: '5000',
                  sampled: true,
                },
                {
                  date: '2026-01-01',
                  value: '11000.00',
                  flow: '0',
                  dayReturn: '0.100000000000',
                  growth: '1.100000000000',
                  sp500: null,
                  sampled: true,
                },
              ],
            },
    });
    const table = await screen.findByRole('table', { name: 'Returns by period, as of Jan 1, 2026' });
    const row = within(table).getByRole('row', { name: /Since inception/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['+10.00%', '+10.00% a year', '-2.00%', 'Mar 3, 2025 to Mar 5, 2025', '15.87%', '1.23', 'Jan 1, 2025']);
    expect(screen.getByText(TWR_ANSWERS)).toBeTruthy();
    expect(screen.getByText(MWR_ANSWERS)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByText('How is this computed?'));
    await user.click(screen.getByText('Since inception: Jan 1, 2025 to Jan 1, 2026'));
    const flows = screen.getByRole('table', { name: /Flows given to XIRR, Since inception/ });
    expect(
      within(flows)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Jan 1, 2025', '-$10,000.00', 'Jan 1, 2026', '+$11,000.00']);
    await user.click(screen.getByRole('button', { name: 'Show the daily rows' }));
    const days = await screen.findByRole('table', { name: 'Daily rows, Since inception' });
    expect(within(days).getAllByRole('row')).toHaveLength(3);
    expect(within(days).getByText('0.100000000000')).toBeTruthy();
  });
});
