import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_NAV_DAY_RULE } from '@contract/history-rebuild';
import { addDays } from '@domain/dates';
import { FakeApiError, fakeApi } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';
import { easternDayOf } from '../../lib/format';

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
type Nav = { date: string; value: string; computed: string | null; note: string; set_by: string; set_at: string };
const NAV: Nav = {
  date: '2025-12-31',
  value: '5123456.78',
  computed: '5120000.00',
  note: 'Year end, struck by the administrator',
  set_by: 'gp@example.com',
  set_at: '2026-01-03T15:30:00.000Z',
};

function officialApi(options: { stepUp?: boolean } = {}) {
  let verified = !options.stepUp;
  let navs: Nav[] = [NAV];
  return fakeApi({
    'portfolio.capital.accounts': () => ({
      fund,
      accounts: [{ ...partner, figures, provisional: false }],
      provisional: null,
      gp: { units: '0', value: '0' },
    }),
    'portfolio.capital.account': () => ({ ...partner, figures, fund, entries: [], history: [], provisional: null }),
    'portfolio.officialNav.list': () => ({ navs }),
    'portfolio.officialNav.set': (input) => {
      if (!verified) throw new FakeApiError(403, 'Confirm it is you: enter a code from your authenticator app.', { stepUp: true });
      navs = [...navs, { ...NAV, date: input.date, value: String(input.value), note: input.note ?? '', computed: null }];
      return { message: `The official net account value of ${input.date} is now $1,250,000.00.` };
    },
    'portfolio.officialNav.remove': ({ date }) => {
      navs = navs.filter((n) => n.date !== date);
      return { message: `The official net account value of ${date} was removed; the computed one counts again.` };
    },
    'auth.passkeys.list': () => ({ passkeys: [] }),
    'auth.secondFactor.stepUp': () => {
      verified = true;
      return { message: 'Confirmed.' };
    },
  });
}

describe("the GP's official net account values", () => {
  it('lists them with who set them and when', async () => {
    storeSession('GP');
    renderApp('/capital_accounts', officialApi());
    const table = await screen.findByRole('region', { name: 'Official values' });
    const row = (await within(table).findAllByRole('row')).find((r) => r.textContent?.includes('Dec 31, 2025'))!;
    expect(row.textContent).toContain('$5,123,456.78');
    expect(row.textContent).toContain('$5,120,000.00');
    expect(row.textContent).toContain('Year end, struck by the administrator');
    expect(row.textContent).toContain('gp@example.com');
  });

  it('ties the messages to their fields, refuses today, and sets one after the step-up', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = officialApi({ stepUp: true });
    renderApp('/capital_accounts', api);
    const form = await screen.findByRole('form', { name: 'Set an official net account value' });
    const day = within(form).getByLabelText('Day');
    const value = within(form).getByLabelText('Official value');
    await user.click(within(form).getByRole('button', { name: 'Set official value' }));
    const valueError = within(form).getByText('Official net account value must be more than 0.');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(value.getAttribute('aria-describedby')).toBe(valueError.id);
    expect(document.activeElement).toBe(value);

    const today = easternDayOf(new Date())!;
    await user.clear(day);
    await user.type(day, today);
    await user.type(value, '1,250,000');
    await user.click(within(form).getByRole('button', { name: 'Set official value' }));
    expect(day.getAttribute('aria-describedby')).toBe(within(form).getByText(OFFICIAL_NAV_DAY_RULE).id);
    expect(api.callsTo('portfolio.officialNav.set')).toHaveLength(0);

    const yesterday = addDays(today, -1);
    await user.clear(day);
    await user.type(day, yesterday);
    await user.type(within(form).getByLabelText('Note (optional)'), 'Administrator');
    await user.click(within(form).getByRole('button', { name: 'Set official value' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Authentication code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(`The official net account value of ${yesterday} is now $1,250,000.00.`)).toBeTruthy();
    expect(api.callsTo('portfolio.officialNav.set').at(-1)?.input).toEqual({ date: yesterday, value: '1250000', note: 'Administrator' });
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Official value').value).toBe(''));
  });

  it('removes one after asking', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = officialApi();
    renderApp('/capital_accounts', api);
    const table = await screen.findByRole('region', { name: 'Official values' });
    await user.click(within(table).getByRole('button', { name: 'Remove the official value of Dec 31, 2025' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this official value?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('The official net account value of 2025-12-31 was removed; the computed one counts again.'),
    ).toBeTruthy();
    expect(api.callsTo('portfolio.officialNav.remove')[0]?.input).toEqual({ date: '2025-12-31' });
    expect(await screen.findByText('No official values: every day uses the computed value.')).toBeTruthy();
  });
});
