import { PROVISIONAL_NOTE } from '@contract/capital-rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { capitalAccountFixture, dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';

/** The walk-through's account: $250,000 dated Oct 1 recorded Nov 26, then one priced from an incomplete snapshot. */
function provisionalAccount() {
  const account = capitalAccountFixture();
  return {
    ...account,
    figures: {
      ...account.figures,
      commitment: '500000.00',
      contributed: '350000.00',
      unfunded: '150000.00',
      units: '355.05263158',
      value: '352448.28',
      dpi: '0.0000',
      rvpi: '1.0070',
      tvpi: '1.0070',
      irr: '0.4212',
    },
    fund: { ...account.fund, start_date: '2026-10-01' },
    entries: [
      {
        id: 1,
        user_id: 2,
        kind: 'contribution' as const,
        amount: '250000.00',
        date: '2026-10-01',
        units: '250.00000000',
        unit_value: '1000.00000000',
        recorded_on: '2026-11-26',
        provisional: false,
        official: false,
      },
      {
        id: 2,
        user_id: 2,
        kind: 'contribution' as const,
        amount: '100000.00',
        date: '2026-10-15',
        units: '105.43859649',
        unit_value: '948.42365599',
        recorded_on: '2026-11-26',
        provisional: true,
        official: false,
      },
    ],
    history: [
      { date: '2026-10-01', value: '232448.28', provisional: true, official: false },
      { date: '2026-11-25', value: '340000.00', provisional: true, official: false },
      { date: '2026-11-26', value: '352448.28', provisional: true, official: false },
    ],
    provisional: { since: '2026-10-01', figures: true, note: PROVISIONAL_NOTE },
  };
}

describe('provisional capital figures', () => {
  it("marks them on the LP's capital account, with a plain explanation", async () => {
    storeSession('LP');
    renderApp('/lp_dashboard', fakeApi(dashboardReads({ 'portfolio.capital.account': () => provisionalAccount() })));
    const section = await screen.findByRole('region', { name: 'Your capital account' });
    const note = await within(section).findByRole('note', { name: 'Provisional figures' });
    expect(note.textContent).toContain("Your account's values from Oct 1, 2026 on are provisional, today’s included.");
    expect(note.textContent).toContain(PROVISIONAL_NOTE);
    const figure = (term: string) => within(section).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Value')).toBe('$352,448.28 provisional');
    expect(figure('IRR')).toBe('42.12% a year provisional');
    expect(figure('Commitment')).toBe('$500,000.00');
    expect(figure('DPI')).toBe('0.0000x');
    const entries = within(section).getByRole('region', { name: 'Your capital account entries' });
    // The value per unit to 4 places, the provisional one marked, and when each was recorded.
    expect(within(entries).getByText('$1,000.0000')).toBeTruthy();
    const row = (date: string) =>
      within(entries)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(date))?.textContent;
    expect(row('Oct 15, 2026')).toContain('$948.4237 provisional');
    expect(row('Oct 1, 2026')).not.toContain('provisional');
    expect(within(entries).getAllByText('Nov 26, 2026')).toHaveLength(2);
    expect(within(section).getByText(/The values from Oct 1, 2026 to Nov 26, 2026 are provisional\./)).toBeTruthy();
  });

  it('shows nothing provisional for an account whose figures are not', async () => {
    storeSession('LP');
    renderApp('/lp_dashboard', fakeApi(dashboardReads()));
    const section = await screen.findByRole('region', { name: 'Your capital account' });
    await within(section).findByText('Commitment');
    expect(within(section).queryByRole('note')).toBeNull();
    expect(section.textContent).not.toContain('provisional');
  });

  it("marks them on the GP's Capital Accounts page, per partner", async () => {
    storeSession('GP');
    const account = provisionalAccount();
    renderApp(
      '/capital_accounts',
      fakeApi({
        'portfolio.capital.accounts': () => ({
          fund: { ...account.fund, net_account_value: '5352448.28', units_outstanding: '5355.05263158', unit_value: '999.51234567' },
          accounts: [
            { user_id: 2, name: account.name, email: account.email, figures: account.figures, provisional: true },
            {
              user_id: 3,
              name: 'Ona Other',
              email: 'ona@example.com',
              figures: { ...account.figures, units: '0', value: '0.00' },
              provisional: false,
            },
          ],
          provisional: { since: '2026-10-01', figures: true, note: PROVISIONAL_NOTE },
          gp: { units: '5000.00000000', value: '5000000.00' },
        }),
        'portfolio.capital.account': () => account,
        'portfolio.officialNav.list': () => ({ navs: [] }),
      }),
    );
    const note = await screen.findByRole('note', { name: 'Provisional figures' });
    expect(note.textContent).toContain("The fund's values from Oct 1, 2026 on are provisional, today’s included.");
    expect(screen.getByText(/units outstanding at \$999\.5123 a unit/)).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Capital accounts' });
    const rows = within(list).getAllByRole('row');
    expect(rows.find((r) => r.textContent?.includes('Leo Parker'))?.textContent).toContain('$352,448.28 provisional');
    expect(rows.find((r) => r.textContent?.includes('Ona Other'))?.textContent).not.toContain('provisional');
  });
});
