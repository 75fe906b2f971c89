import { expect, it } from 'vitest';
import { logIn, screenshot, WIDTHS } from './support/actions';
import { DEMO } from './support/app-server';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/**
 * A contribution recorded today but dated three weeks ago: the demo's daily snapshots since then
 * lack its cash, so the LP sees those values marked provisional, on a phone and on a desktop.
 */
describeInBrowser('provisional capital figures in Chromium', () => {
  const session = appInBrowser();

  it('shows the LP the provisional mark and why, at 390 and 1440 px', async () => {
    const backDated = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
    const gp = await session.browser.newPage();
    await logIn(gp, session.app.url, DEMO.gp);
    await gp.waitForURL('**/gp_dashboard');
    await gp.goto(`${session.app.url}/capital_accounts`);
    const form = gp.getByRole('form', { name: 'Record a capital account entry' });
    await form.waitFor();
    for (const [kind, amount, message] of [
      ['commitment', '500000', /Commitment of \$500,000\.00 on .* recorded for lp@demo\.partners\./],
      ['contribution', '250000', /Contribution of \$250,000\.00 on .* recorded for lp@demo\.partners\./],
    ] as const) {
      await form.getByLabel('Kind').selectOption(kind);
      await form.getByLabel('Amount').fill(amount);
      await form.getByLabel('Date').fill(backDated);
      await form.getByRole('button', { name: 'Record entry' }).click();
      await gp.getByText(message).first().waitFor();
    }
    // The GP's page says so too.
    await gp.getByRole('note', { name: 'Provisional figures' }).waitFor();

    const lp = await session.browser.newPage();
    await logIn(lp, session.app.url, DEMO.lp);
    await lp.waitForURL('**/lp_dashboard');
    const section = lp.getByRole('region', { name: 'Your capital account', exact: true });
    const note = section.getByRole('note', { name: 'Provisional figures' });
    await note.waitFor();
    expect(await note.textContent()).toContain('until the entries were recorded are provisional; today’s are not.');
    expect(await note.textContent()).toContain('do not include their cash yet');
    await section
      .getByText(/are provisional\.$/)
      .first()
      .waitFor();
    for (const width of WIDTHS) {
      await lp.setViewportSize({ width, height: 900 });
      await note.scrollIntoViewIfNeeded();
      expect(await note.isVisible()).toBe(true);
      // Within the page's width: nothing of the notice is cut off or scrolls sideways.
      const box = await note.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await screenshot(lp, `lp-capital-provisional`);
    }
    expect(await seriousViolations(lp)).toEqual([]);
  });
});
