import { expect, it } from 'vitest';
import { logIn, screenshot, WIDTHS } from './support/actions';
import { DEMO } from './support/app-server';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/** A New York day `offset` days from today, as the books date things (YYYY-MM-DD). */
const dayFromToday = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + offset * 86_400_000));
/** The day as the client's formatting module writes it (formatCalendarDate). */
const calendar = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * A GP sets the official net account value of a past day on the Capital Accounts page; a
 * contribution dated that day is priced at it and both the GP's and the LP's pages mark it official.
 */
describeInBrowser('official net account values in Chromium', () => {
  const session = appInBrowser();

  it('a GP sets an official value, an entry of that day is marked official, and the LP sees the mark', async () => {
    const started = dayFromToday(-10);
    const official = dayFromToday(-5);
    const gp = await session.browser.newPage();
    await logIn(gp, session.app.url, DEMO.gp);
    await gp.waitForURL('**/gp_dashboard');
    await gp.getByRole('link', { name: 'CAPITAL ACCOUNTS' }).first().click();
    await gp.waitForURL('**/capital_accounts');
    const entryForm = gp.getByRole('form', { name: 'Record a capital account entry' });
    const record = async (kind: string, amount: string, date: string) => {
      await entryForm.getByLabel('Kind').selectOption(kind);
      await entryForm.getByLabel('Amount').fill(amount);
      await entryForm.getByLabel('Date').fill(date);
      await entryForm.getByRole('button', { name: 'Record entry' }).click();
      await gp
        .getByText(new RegExp(`of \\$[\\d,.]+ on ${date} recorded for lp@demo\\.partners\\.`))
        .first()
        .waitFor();
    };
    await record('commitment', '500000', started);
    await record('contribution', '100000', started);

    const section = gp.getByRole('region', { name: 'Official net account values' });
    await section.getByText('No official values: every day uses the computed value.').waitFor();
    const form = section.getByRole('form', { name: 'Set an official net account value' });
    // Nothing typed: the message is under the field and read with it.
    await form.getByRole('button', { name: 'Set official value' }).click();
    const value = form.getByLabel('Official value');
    const message = form.getByText('Official net account value must be more than 0.');
    await message.waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('true');
    expect(await value.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    // Today is refused: only a past day has an official value.
    await form.getByLabel('Day').fill(dayFromToday(0));
    await value.fill('3,400,000');
    await form.getByRole('button', { name: 'Set official value' }).click();
    await form.getByText('An official net account value can only be set for a day before today.').waitFor();

    await form.getByLabel('Day').fill(official);
    await form.getByLabel('Note (optional)').fill('Struck by the administrator');
    await form.getByRole('button', { name: 'Set official value' }).click();
    await gp.getByText(`The official net account value of ${official} is now $3,400,000.00.`).first().waitFor();
    const list = section.getByRole('region', { name: 'Official values' });
    const row = list.getByRole('row').filter({ hasText: calendar(official) });
    await row.getByText('$3,400,000.00').waitFor();
    expect(await row.textContent()).toContain('gp@demo.partners');
    expect(await row.textContent()).toContain('Struck by the administrator');

    // A contribution dated that day is priced at the official value: marked official.
    await record('contribution', '50000', official);
    const entries = gp.getByRole('region', { name: /^Entries of / });
    const priced = entries.getByRole('row').filter({ hasText: calendar(official) });
    await priced.getByText('official', { exact: true }).waitFor();
    // The administrator's figure does not rest on a snapshot: never provisional.
    expect(await priced.textContent()).not.toContain('provisional');
    expect(
      await entries
        .getByRole('row')
        .filter({ hasText: calendar(started) })
        .getByText('official', { exact: true })
        .count(),
    ).toBe(0);
    expect(await seriousViolations(gp)).toEqual([]);
    for (const width of WIDTHS) {
      await gp.setViewportSize({ width, height: 900 });
      await screenshot(gp, 'official-navs');
    }

    const lp = await session.browser.newPage();
    await logIn(lp, session.app.url, DEMO.lp);
    await lp.waitForURL('**/lp_dashboard');
    const account = lp.getByRole('region', { name: 'Your capital account' });
    const lpEntries = account.getByRole('region', { name: 'Your capital account entries' });
    await lpEntries
      .getByRole('row')
      .filter({ hasText: calendar(official) })
      .getByText('official', { exact: true })
      .waitFor();
    // The value over time says which day's value is the official one.
    await account.getByText(`The value of ${calendar(official)} is official: the net account value set by the administrator.`).waitFor();
    expect(await seriousViolations(lp)).toEqual([]);
    for (const width of WIDTHS) {
      await lp.setViewportSize({ width, height: 900 });
      await screenshot(lp, 'lp-official-value');
    }
  });
});
