import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { isUsMarketOpen } from '@domain/market-hours';
import { logIn, screenshot, WIDTHS } from './support/actions';
import { seriousViolations } from './support/axe';
import { DEMO } from './support/app-server';
import { appInBrowser, describeInBrowser } from './support/browser';

/** What partners met in the browser, each at 390 and 1440 px. */
describeInBrowser('the walk-through fixes in Chromium', () => {
  const session = appInBrowser();

  /** A page of the signed-in demo GP at this width, opened at `path`. */
  async function gpAt(width: number, path = '/gp_dashboard'): Promise<Page> {
    const page = await (await session.signedIn('gp')).newPage(width);
    await page.goto(`${session.app.url}${path}`);
    return page;
  }

  it.each(WIDTHS)('at %i px an unknown ticker gets "No market data", in Add Investment and from the assistant', async (width) => {
    const page = await gpAt(width);
    await page.getByRole('button', { name: '+ Investment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Investment' });
    await dialog.getByLabel('Ticker Symbol').fill('qqqq');
    await dialog.getByLabel('Quantity').focus();
    await dialog.getByRole('alert').getByText('No market data for QQQQ.').waitFor();
    // Letters and signs are ignored as a quantity is typed.
    await dialog.getByLabel('Quantity').pressSequentially('1e2-x0');
    expect(await dialog.getByLabel('Quantity').inputValue()).toBe('120');
    await screenshot(page, 'no-market-data');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Open Chatbot' }).click();
    await page.getByLabel('Ask AI...').fill('buy 2 NOPE at 5');
    await page.keyboard.press('Enter');
    await page.getByText('No market data for NOPE.').waitFor();
    // The chat is kept when the panel closes and opens again.
    await page.getByRole('button', { name: 'Close Chatbot' }).click();
    await page.getByRole('button', { name: 'Open Chatbot' }).click();
    await page.getByText('No market data for NOPE.').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Open Chatbot' }).click();
    await page.getByText('buy 2 NOPE at 5').waitFor();
    await page.close();
  });

  it.each(WIDTHS)('at %i px the dashboard tables fit at 1440 px, keep their headers in view and show quote times', async (width) => {
    const page = await gpAt(width);
    const liquid = page.getByRole('region', { name: 'Liquid Assets table' });
    await liquid.getByRole('link', { name: /AAPL/ }).waitFor();
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('.table-scroll, .table-wrap')].map((el) => el.scrollWidth - el.clientWidth),
    );
    if (width === 1440) expect(overflow.every((extra) => extra <= 1)).toBe(true);

    // Each quote's time, and "Market closed" outside US market hours.
    const tiles = page.getByRole('navigation', { name: 'Market indices' });
    await tiles
      .getByText(/(Mon|Tue|Wed|Thu|Fri) \d{1,2}:\d{2} (AM|PM) ET/)
      .first()
      .waitFor();
    expect(await tiles.getByText('Market closed').count()).toBe(isUsMarketOpen(new Date()) ? 0 : 3);
    expect(await liquid.getByText(/\d{1,2}:\d{2} (AM|PM) ET/).count()).toBeGreaterThan(5);

    // Real estate: the annual income sits under the monthly total, not in the % column.
    const total = page.getByRole('region', { name: 'Real Estate table' }).locator('tfoot tr');
    const cells = await total.locator('td').allTextContents();
    expect(cells.at(-1)).not.toContain('a year');
    expect(cells.some((c) => /^[\d,.]+\$[\d,.]+ a year$/.test(c))).toBe(true);

    if (width === 1440) {
      await page.evaluate(() =>
        window.scrollTo(0, document.querySelector('.data-table--liquid tbody tr:nth-child(8)')?.getBoundingClientRect().top ?? 0),
      );
      const headerTop = await liquid
        .locator('thead th')
        .first()
        .evaluate((th) => th.getBoundingClientRect().top);
      const navBottom = await page
        .locator('header')
        .first()
        .evaluate((nav) => nav.getBoundingClientRect().bottom);
      expect(Math.abs(headerTop - navBottom)).toBeLessThanOrEqual(2);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await screenshot(page, 'dashboard-tables');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it.each(WIDTHS)('at %i px User Info fits and a deep link survives sign-in', async (width) => {
    const page = await session.browser.newPage(width);
    await page.goto(session.app.url);
    await page.evaluate(() => localStorage.clear()); // earlier tests signed in
    await page.goto(`${session.app.url}/user_info`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/user_info');
    await page.getByLabel('Email').fill(DEMO.gp.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.gp.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/user_info');
    await page.getByRole('region', { name: 'Users' }).getByRole('row').nth(1).waitFor();
    if (width === 1440) {
      const extra = await page.evaluate(() => [...document.querySelectorAll('.table-wrap')].map((el) => el.scrollWidth - el.clientWidth));
      expect(extra.length).toBeGreaterThan(0);
      expect(extra.every((x) => x === 0)).toBe(true);
    }
    await screenshot(page, 'user-info');
    // Another origin is never followed.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${session.app.url}/login?next=${encodeURIComponent('//example.com/x')}`);
    await logIn(page, session.app.url, DEMO.gp);
    await page.waitForURL('**/gp_dashboard');
    await page.close();
  });

  it.each(WIDTHS)('at %i px a bad invite shows the restricted page as it opens', async (width) => {
    const page = await (await session.signedIn('visitor')).newPage(width);
    await page.goto(`${session.app.url}/signup?invite=not-a-real-invite`);
    await page.getByRole('heading', { name: 'Signup Restricted' }).waitFor();
    expect(await page.getByLabel('First Name').count()).toBe(0);
    await screenshot(page, 'signup-bad-invite');
    await page.close();
  });

  it.each(WIDTHS)('at %i px a new toast replaces the old, a bad row names its field, balances are formatted', async (width) => {
    const page = await gpAt(width);
    await page.getByRole('button', { name: '+ Add Venture Investment' }).click();
    await page.getByLabel('Name (new row 1)').fill(`Toast Test ${width}`);
    await page.getByLabel('Purchase Date (new row 1)').fill('2025-02-30');
    await page.getByLabel('Price Paid $ (new row 1)').pressSequentially('1,000');
    expect(await page.getByLabel('Price Paid $ (new row 1)').inputValue()).toBe('1000');
    await page.getByRole('button', { name: 'Save Venture Investment' }).click();
    await page
      .getByRole('alert')
      .getByText(/Check Purchase Date\.$/)
      .waitFor();
    // A later success replaces the error at once.
    const balances = page.getByRole('region', { name: 'Cash and Margin' });
    await balances.getByRole('button', { name: 'Save Balances' }).click();
    await page.getByRole('status').getByText('Balances saved.').waitFor();
    expect(await page.getByRole('alert').locator('.toast').count()).toBe(0);
    await balances
      .getByText(/^\$\d{1,3}(,\d{3})+\.\d\d$/)
      .first()
      .waitFor();
    await screenshot(page, 'balances');
    await page.close();
  });

  it.each(WIDTHS)('at %i px the profile edit has Cancel and a password change reads "Changed password on"', async (width) => {
    const page = await (await session.signedIn('lp')).newPage(width);
    await page.goto(`${session.app.url}/lp_profile`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First Name').fill('Changed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByText('Changed', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current Password', { exact: true }).fill(DEMO.lp.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(DEMO.lp.password);
    await dialog.getByLabel('Verify New Password', { exact: true }).fill(DEMO.lp.password);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').getByText('Password changed successfully!').waitFor();
    await page.reload();
    await page.getByText(/^Changed password on /).waitFor();
    expect(await page.getByText('(hidden)').count()).toBe(0);
    await screenshot(page, 'profile-password-edit');
    await page.close();
  });

  it.each(WIDTHS)('at %i px the contact e-mail rule is the server’s, and a GP marks handled and deletes a submission', async (width) => {
    const page = await (await session.signedIn('visitor')).newPage(width);
    await page.goto(`${session.app.url}/contact`);
    await page.getByLabel('Email').fill('x@y.z');
    expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(false);
    const name = `Handled Visitor ${width}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(`visitor${width}@example.com`);
    await page.getByLabel('Phone').fill('2125550100');
    await page.getByLabel('Inquiry', { exact: true }).fill('Please call me.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').getByText('Submission successful!').waitFor();
    await page.close();

    const gp = await gpAt(width, '/submissions');
    const row = gp.getByRole('row').filter({ hasText: name });
    await row.getByText('(212) 555-0100').waitFor();
    await row.getByRole('button', { name: new RegExp(`^Mark handled: ${name}`) }).click();
    await gp.getByRole('status').getByText(`Marked the inquiry from ${name} handled.`).waitFor();
    await row.getByText(/^Handled [A-Z][a-z]{2} \d/).waitFor();
    await screenshot(gp, 'submissions');
    await row.getByRole('button', { name: new RegExp(`^Delete: ${name}`) }).click();
    const confirm = gp.getByRole('alertdialog', { name: 'Delete submission' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gp.getByRole('status').getByText('Submission deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await seriousViolations(gp)).toEqual([]);
    await gp.close();
  });

  it.each(WIDTHS)('at %i px the team shows monogram portraits', async (width) => {
    const page = await (await session.signedIn('visitor')).newPage(width);
    await page.goto(`${session.app.url}/team`);
    await page.getByRole('img', { name: 'Portrait of Eleanor Whitfield' }).getByText('EW').waitFor();
    await page.getByRole('img', { name: 'Portrait of Marcus Adeyemi' }).getByText('MA').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'team-monograms');
    await page.close();
  });
});
