import type { Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, recentEasternMinutes } from './support/actions';
import { DEMO } from './support/app-server';
import { appInBrowser, describeInBrowser, openBrowser } from './support/browser';

/** The tRPC procedures a page called, e.g. "contact.submit". */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const match = /\/trpc\/([^?]+)/.exec(request.url());
    if (match?.[1]) calls.push(...decodeURIComponent(match[1]).split(','));
  });
  return calls;
}

async function alertText(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').getByText(text, { exact: true }).waitFor();
}

describeInBrowser('partner journeys in Chromium', () => {
  const session = appInBrowser();

  it('a visitor sends an inquiry and a GP sees it on Form Submissions', async () => {
    const page = await session.browser.newPage();
    const calls = recordCalls(page);
    await page.goto(`${session.app.url}/contact`);
    await page.getByLabel('Name').fill('Ada Visitor');
    await page.getByLabel('Email').fill('ada.visitor@example.com');
    await page.getByLabel('Inquiry', { exact: true }).fill('I would like to learn about becoming a limited partner.');

    // Letters are ignored as they are typed; a short number is refused and nothing is sent.
    await page.getByLabel('Phone').pressSequentially('212-55x');
    expect(await page.getByLabel('Phone').inputValue()).toBe('21255');
    await page.getByRole('button', { name: 'Submit' }).click();
    await alertText(page, 'Phone number must be exactly 10 digits.');
    expect(calls).not.toContain('contact.submit');

    await page.getByLabel('Phone').pressSequentially('50199');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').getByText('Submission successful!').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByLabel('Phone').inputValue()).toBe('');

    await logIn(page, session.app.url, DEMO.gp);
    await page.waitForURL('**/gp_dashboard');
    await page.getByRole('link', { name: 'PROFILE' }).click();
    await page.getByRole('link', { name: 'View Form Submissions' }).click();
    await page.waitForURL('**/submissions');
    const row = page.getByRole('row').filter({ hasText: 'Ada Visitor' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 4)).toEqual([
      'Ada Visitor',
      'ada.visitor@example.com',
      '(212) 555-0199',
      'I would like to learn about becoming a limited partner.',
    ]);
    // Submitted At is US Eastern time, whatever the machine's zone.
    expect(recentEasternMinutes()).toContain(cells[4]);
    await page.close();
  });

  it('a wrong password shows the server’s error and stays on /login', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.app.url);
    await page.evaluate(() => localStorage.clear()); // this browser's GP logged in before
    await logIn(page, session.app.url, { email: DEMO.gp.email, password: 'not-the-password' });
    await alertText(page, 'Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.close();
  });

  /** The demo GP on their profile, in a page where both copy methods fail, so invite links show in 'Link ready'. */
  async function gpProfileWithoutClipboard() {
    const page = await (await session.signedIn('gp')).newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    });
    await page.goto(`${session.app.url}/gp_profile`);
    return page;
  }

  it('a GP copies an invite link to the clipboard', async () => {
    const gp = await session.signedIn('gp');
    await gp.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.app.url });
    const page = await gp.newPage();
    await page.goto(`${session.app.url}/gp_profile`);
    await page.getByRole('button', { name: 'GENERATE GP INVITE LINK' }).click();
    await page.getByRole('status').getByText('Invite link copied!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${session.app.url}/signup\\?invite=[\\w-]+`));
    // docs/product.md §9: the toast shows for 3 seconds.
    await page.getByText('Invite link copied!').waitFor({ state: 'detached', timeout: 6000 });
    await page.close();
  });

  it('a GP invites an LP, who signs up, logs in, lands on /lp_dashboard, and is kept out of GP pages', async () => {
    const gpPage = await gpProfileWithoutClipboard();
    await gpPage.getByRole('button', { name: 'GENERATE LP INVITE LINK' }).click();
    const linkBox = gpPage.getByLabel('Link ready');
    await linkBox.waitFor();
    expect(await linkBox.getAttribute('readonly')).not.toBeNull();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${session.app.url}/signup\\?invite=[\\w-]+`));

    const lpBrowser = await openBrowser();
    try {
      const lp = await lpBrowser.newPage();
      await lp.goto(link);
      await lp.getByLabel('First Name').fill('Lena');
      await lp.getByLabel('Last Name').fill('Invited');
      await lp.getByLabel('Email').fill('lena.invited@example.com');
      await lp.getByLabel('Password', { exact: true }).fill('Invest#2026');
      await lp.getByLabel('Confirm Password').fill('Invest#2026');
      await lp.getByRole('button', { name: 'Sign Up' }).click();
      await lp.waitForURL('**/login');
      await lp.getByRole('status').getByText('Signup successful').waitFor();

      await logIn(lp, session.app.url, { email: 'lena.invited@example.com', password: 'Invest#2026' });
      await lp.waitForURL('**/lp_dashboard');
      await lp.getByRole('heading', { name: 'LP Dashboard' }).waitFor();
      expect(await lp.evaluate(() => [localStorage.getItem('role'), localStorage.getItem('authMethod')])).toEqual(['LP', 'local']);
      expect(await lp.getByRole('link', { name: 'DASHBOARD' }).getAttribute('href')).toBe('/lp_dashboard');

      await lp.goto(`${session.app.url}/gp_dashboard`);
      await lp.waitForURL('**/unauthorized');

      // The 'Link ready' box goes after 5 seconds (docs/product.md §9).
      await linkBox.waitFor({ state: 'detached', timeout: 8000 });

      // The GP deletes the new LP after confirming; the LP's next call answers 401 and ends the session.
      await gpPage.getByRole('link', { name: 'View User Information' }).click();
      await gpPage.getByLabel('Search users').fill('LENA.INVITED');
      const rows = gpPage.getByRole('region', { name: 'Users' }).getByRole('row');
      await rows.filter({ hasText: 'lena.invited@example.com' }).waitFor();
      expect(await rows.count()).toBe(2); // header and the one match
      await gpPage.getByRole('button', { name: 'Delete lena.invited@example.com' }).click();
      const dialog = gpPage.getByRole('alertdialog', { name: 'Delete user' });
      await dialog.getByText('Are you sure you want to delete this user?').waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await gpPage.getByRole('status').getByText('User deleted.').waitFor();
      await rows.filter({ hasText: 'lena.invited@example.com' }).waitFor({ state: 'detached' });

      await lp.getByRole('link', { name: 'PROFILE' }).click();
      await lp.waitForURL('**/login');
      expect(await lp.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')])).toEqual([null, null]);
    } finally {
      await lpBrowser.close();
    }
    await gpPage.close();
  });

  it('a GP revokes an open invite, and its link then signs nobody up', async () => {
    const gpPage = await gpProfileWithoutClipboard();
    const invites = gpPage.getByRole('list', { name: 'Open invites' });
    const openCount = (n: number) =>
      gpPage.waitForFunction((count) => document.querySelectorAll('.open-invites__item').length === count, n);
    // Earlier journeys left invites open: wait until the list (or its empty text) has loaded, then count.
    await invites.or(gpPage.getByText('No open invites.')).waitFor();
    const before = await invites.getByRole('listitem').count();
    await gpPage.getByRole('button', { name: 'GENERATE GP INVITE LINK' }).click();
    const link = await gpPage.getByLabel('Link ready').inputValue();
    await openCount(before + 1);
    const item = invites.getByRole('listitem').filter({ hasText: 'GP invite' }).last();
    expect(await item.textContent()).toContain('Grace Porter (gp@demo.partners)');
    await item.getByRole('button', { name: /^Revoke GP invite expiring / }).click();
    const dialog = gpPage.getByRole('alertdialog', { name: 'Revoke invite' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await gpPage.getByRole('status').getByText('Invite revoked.').waitFor();
    await openCount(before);

    // The page checks the invite as it opens: a revoked one shows the restricted page, not the form.
    const visitor = await (await session.signedIn('visitor')).newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Signup Restricted' }).waitFor();
    await visitor.getByText('You need a valid invite link to sign up.').waitFor();
    expect(await visitor.getByLabel('First Name').count()).toBe(0);
    expect(visitor.url()).toContain('/signup');
    await visitor.close();
    await gpPage.close();
  });

  it('dialogs keep the keyboard inside and close with Escape, giving focus back', async () => {
    const page = await (await session.signedIn('visitor')).newPage();
    await page.goto(`${session.app.url}/login`);
    const opener = page.getByRole('button', { name: 'Forgot Password?' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reset Your Password' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.close();
  });

  it('LOG OUT ends the session on the server, clears it here and goes to /login', async () => {
    const page = await (await session.signedIn('lp')).newPage();
    await page.goto(`${session.app.url}/lp_dashboard`);
    await page.getByRole('link', { name: 'PROFILE' }).click();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profileWith = async () =>
      (await fetch(`${session.app.url}/api/users/profile/details`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await profileWith()).toBe(200);
    // The profile's own LOG OUT (the navigation has one too).
    await page.getByRole('main').getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual([]);
    // A copy of the token no longer works.
    expect(await profileWith()).toBe(401);
    await page.getByRole('link', { name: 'LOG IN' }).waitFor();
    await page.close();
  });
});
