import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn } from './support/actions';
import { DEMO } from './support/app-server';
import { appInBrowser, describeInBrowser } from './support/browser';

/**
 * A code of the secret for the step after the current one: the server accepts the step before and
 * after its own, each code once, so a code for a later step than the one just used signs in at
 * once, whenever in its 30 seconds the test happens to be.
 */
function codeAfter(secret: string, stepsAhead: number): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'PROFILE' }).click();
  await page.waitForURL('**/gp_profile');
}

describeInBrowser('two-factor sign-in in Chromium', () => {
  const session = appInBrowser();

  it('a GP sets up an authenticator app, logs out, and logs in with password and code; the sessions list marks this device', async () => {
    const page = await (await session.signedIn('visitor')).newPage();
    await logIn(page, session.app.url, DEMO.gp);
    await page.waitForURL('**/gp_dashboard');
    await openProfile(page);

    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('Authentication code').fill(codeAfter(secret, 0));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText('Two-factor sign-in is on.').waitFor();
    const codes = await dialog.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await card.getByText('10 of 10 recovery codes left').waitFor();

    await page.getByRole('main').getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/login');
    await logIn(page, session.app.url, DEMO.gp);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(new URL(page.url()).pathname).toBe('/login');

    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    await code.fill(codeAfter(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/gp_dashboard');

    await openProfile(page);
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await sessions.getByText('This device').waitFor();
    expect(await sessions.getByText('This device').count()).toBe(1);
    await page.close();
  });
});
