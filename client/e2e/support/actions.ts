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

/**
 * The minute now and the two before it as the app shows a time (US Eastern, "Nov 23, 2026, 3:04 AM"),
 * worked out apart from the app's own formatter: a row recorded a moment ago shows one of them.
 */
export function recentEasternMinutes(): string[] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const now = Date.now();
  return [now, now - 60_000, now - 120_000].map((at) => format.format(at));
}
