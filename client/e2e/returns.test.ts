import { expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOT_DIR, screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { appInBrowser, describeInBrowser } from './support/browser';

/** An LP reads the Returns panel and opens "How is this computed?" to redo the arithmetic. */
describeInBrowser('the Returns panel in Chromium', () => {
  const session = appInBrowser();

  it('shows the periods’ returns on the LP dashboard, and their workings under the disclosure', async () => {
    const browser = await session.signedIn('lp');
    const page = await browser.newPage();
    await page.goto(`${session.app.url}/lp_dashboard`);
    const panel = page.getByRole('region', { name: 'Returns', exact: true });
    const table = panel.getByRole('table', { name: /^Returns by period, as of / });
    await table.waitFor();
    // The demo's 90 days: every period has a row, each with a time-weighted return in percent.
    const periods = await table.locator('tbody th').allTextContents();
    expect(periods).toEqual(['Month to date', 'Quarter to date', 'Year to date', '1 year', 'Since inception']);
    const inception = table.getByRole('row', { name: /Since inception/ });
    expect(await inception.locator('td').first().textContent()).toMatch(/^[+-]?\d+\.\d{2}%$/);
    await panel.getByText(/Time-weighted: how did the investments do/).waitFor();
    await panel.getByText(/Money-weighted: what did the firm’s money earn a year/).waitFor();

    await panel.getByText('How is this computed?').click();
    const since = panel.locator('details.returns__period', { hasText: 'Since inception:' });
    await since.locator('summary').click();
    const flows = since.getByRole('table', { name: /^Flows given to XIRR, Since inception/ });
    await flows.waitFor();
    expect(await flows.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await since.getByRole('button', { name: 'Show the daily rows' }).click();
    const days = since.getByRole('table', { name: 'Daily rows, Since inception' });
    await days.waitFor();
    expect(await days.locator('tbody tr').count()).toBeGreaterThan(80);
    await since.getByRole('button', { name: 'Hide the daily rows' }).waitFor();
    expect(await since.getByRole('button', { name: 'Hide the daily rows' }).getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('button', { name: 'Download CSV of every period’s daily rows' }).waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    await since.getByRole('button', { name: 'Hide the daily rows' }).click();
    await days.waitFor({ state: 'detached' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'returns-panel');
      await panel.screenshot({ path: join(SCREENSHOT_DIR, `returns-panel-only-${width}.png`) });
    }
  });
});
