import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './app-server';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results/screenshots');
export const WIDTHS = [390, 1440] as const;

export async function logIn(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Saves test-results/screenshots/<name>-<width>.png of the whole page as it is now. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
}
