import type { Page } from 'playwright-core';

/** The body's background as [r, g, b]. */
export async function bodyBackground(page: Page): Promise<number[]> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

export const isDark = (rgb: number[]) => rgb.length === 3 && Math.max(...rgb) < 60;
export const isLight = (rgb: number[]) => rgb.length === 3 && Math.min(...rgb) > 200;
