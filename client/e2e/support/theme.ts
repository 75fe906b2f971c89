import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The body's background as [r, g, b]. */
export async function bodyBackground(page: Page): Promise<number[]> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

export const isDark = (rgb: number[]) => rgb.length === 3 && Math.max(...rgb) < 60;
export const isLight = (rgb: number[]) => rgb.length === 3 && Math.min(...rgb) > 200;

/**
 * Switches the page's system colour setting and waits until it has taken effect: the body dark (or
 * light), and the colour transitions it started (buttons fade) finished, so what is checked is the
 * theme's colours, not a frame between the two.
 */
export async function switchColourScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  const shown = colorScheme === 'dark' ? isDark : isLight;
  await expect.poll(async () => shown(await bodyBackground(page)), { message: `the body in the ${colorScheme} theme` }).toBe(true);
  // Only the theme's transitions: a loading skeleton's endless shimmer never finishes, and an
  // animation cancelled meanwhile (its element gone) rejects, which says it is over too.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
