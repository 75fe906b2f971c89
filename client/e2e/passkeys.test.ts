import { expect, it } from 'vitest';
import { DEMO } from './support/app-server';
import { appInBrowser, describeInBrowser } from './support/browser';

/**
 * Passkeys (docs/decisions/0015 "Passkeys") in Chromium with its virtual authenticator (CDP
 * WebAuthn domain): a platform passkey with user verification that always succeeds. The app is
 * opened at localhost, the relying party id the test server is given (WEBAUTHN_ORIGIN).
 */
describeInBrowser('passkeys in Chromium', () => {
  const session = appInBrowser();

  it('a GP adds a passkey on the profile, logs out, and logs in with password and passkey', async () => {
    const browser = await session.signedIn('visitor');
    const page = await browser.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const base = session.app.url.replace('127.0.0.1', 'localhost');

    const logIn = async () => {
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(DEMO.gp.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.gp.password);
      await page.getByRole('button', { name: 'Log In' }).click();
    };
    await logIn();
    await page.waitForURL('**/gp_dashboard');
    await page.getByRole('link', { name: 'PROFILE' }).click();
    await page.waitForURL('**/gp_profile');

    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('No passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('MacBook Touch ID');
    await dialog.getByRole('button', { name: 'Add passkey' }).click();
    await page.getByText('Passkey added.').waitFor();
    await card.getByText('MacBook Touch ID').waitFor();
    // With a passkey and no authenticator app, two-factor sign-in is on: the card says so.
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByText(/On · a passkey/).waitFor();
    await twoFactor.getByRole('button', { name: 'Add an authenticator app' }).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/login');
    await logIn();
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await usePasskey.click();
    await page.waitForURL('**/gp_dashboard');

    await page.getByRole('link', { name: 'PROFILE' }).click();
    await page.waitForURL('**/gp_profile');
    await card.getByText(/last used/).waitFor();
    await page.close();
  });
});
