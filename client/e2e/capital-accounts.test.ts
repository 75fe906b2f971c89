import { expect, it } from 'vitest';
import { logIn, screenshot, WIDTHS } from './support/actions';
import { DEMO } from './support/app-server';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/** A GP records an LP's commitment and contribution; the LP sees their own capital account. */
describeInBrowser('capital accounts in Chromium', () => {
  const session = appInBrowser();

  it('a GP records a commitment and a contribution, corrects one, and the LP sees their account', async () => {
    const gp = await session.browser.newPage();
    await logIn(gp, session.app.url, DEMO.gp);
    await gp.waitForURL('**/gp_dashboard');
    await gp.getByRole('link', { name: 'CAPITAL ACCOUNTS' }).first().click();
    await gp.waitForURL('**/capital_accounts');
    await gp.getByRole('heading', { level: 1, name: 'Capital Accounts' }).waitFor();
    const form = gp.getByRole('form', { name: 'Record a capital account entry' });
    await form.waitFor();

    const record = async (kind: string, amount: string, message: RegExp) => {
      await form.getByLabel('Kind').selectOption(kind);
      await form.getByLabel('Amount').fill(amount);
      await form.getByRole('button', { name: 'Record entry' }).click();
      await gp.getByText(message).first().waitFor();
    };
    await record('commitment', '500000', /Commitment of \$500,000\.00 on .* recorded for lp@demo\.partners\./);
    await record('contribution', '200000', /Contribution of \$200,000\.00 on .* recorded for lp@demo\.partners\./);
    await record('contribution', '1000', /Contribution of \$1,000\.00 on .* recorded for lp@demo\.partners\./);
    // More than is unfunded: the server's message, under the form.
    await form.getByLabel('Kind').selectOption('contribution');
    await form.getByLabel('Amount').fill('400000');
    await form.getByRole('button', { name: 'Record entry' }).click();
    await form
      .getByRole('alert')
      .getByText('The contribution of $400,000.00 is more than the unfunded commitment of $299,000.00.')
      .waitFor();

    // Correct the $1,000.00 contribution.
    const entries = gp.getByRole('region', { name: /^Entries of / });
    await entries.getByRole('button', { name: /Remove the contribution of \$1,000\.00/ }).click();
    const dialog = gp.getByRole('alertdialog', { name: 'Remove this entry?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await gp
      .getByText(/The contribution of \$1,000\.00 on .* was removed\./)
      .first()
      .waitFor();
    await entries.getByRole('button', { name: /Remove the contribution of \$1,000\.00/ }).waitFor({ state: 'detached' });

    const list = gp.getByRole('region', { name: 'Capital accounts' });
    await list.getByText('$200,000.00').first().waitFor();
    expect(await list.getByText('$300,000.00').count()).toBeGreaterThan(0);
    expect(await seriousViolations(gp)).toEqual([]);
    for (const width of WIDTHS) {
      await gp.setViewportSize({ width, height: 900 });
      await screenshot(gp, 'capital-accounts');
    }

    const lp = await session.browser.newPage();
    await logIn(lp, session.app.url, DEMO.lp);
    await lp.waitForURL('**/lp_dashboard');
    const section = lp.getByRole('region', { name: 'Your capital account' });
    await section.getByText('Contributed').waitFor();
    const figure = (term: string) => section.locator('.capital-figures__item', { has: lp.getByText(term, { exact: true }) }).locator('dd');
    expect(await figure('Commitment').textContent()).toBe('$500,000.00');
    expect(await figure('Contributed').textContent()).toBe('$200,000.00');
    expect(await figure('Unfunded').textContent()).toBe('$300,000.00');
    expect(await figure('Distributed').textContent()).toBe('$0.00');
    expect(await figure('DPI').textContent()).toBe('0.0000x');
    await section.getByRole('region', { name: 'Your capital account entries' }).getByText('Contribution').waitFor();
    await section.getByRole('button', { name: 'Download PDF' }).waitFor();
    // The product's content is still there, below.
    await lp.getByText('Stock prices refresh about once per minute.').waitFor();
    // Nothing of the GP's page for an LP.
    expect(await lp.getByRole('link', { name: 'CAPITAL ACCOUNTS' }).count()).toBe(0);
    expect(await seriousViolations(lp)).toEqual([]);
    for (const width of WIDTHS) {
      await lp.setViewportSize({ width, height: 900 });
      await screenshot(lp, 'lp-capital-account');
    }
    await lp.goto(`${session.app.url}/capital_accounts`);
    await lp.waitForURL('**/unauthorized');
  });
});
