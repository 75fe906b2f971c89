/**
 * From pressing LOG IN to the GP dashboard painted with its figures, in Debian's Chromium on the
 * built app with the demo data (the speed bar: within 1 s on these machines). Measured here, not in
 * a test: a timed test fails whenever another process takes a core.
 */
import type { Page } from 'puppeteer-core';
import { launchBenchChromium } from './chromium';

export const LOGIN_TO_PAINT_TARGET_MS = 1000;

export interface LoginPaintResult {
  /** Each try in order; the first with an empty cache, later ones with the code (not the data) cached. */
  tries: number[];
  medianMs: number;
  pass: boolean;
}

interface Timing {
  pressedAt?: number;
  paintedAt?: number;
}

/**
 * Notes when LOG IN is pressed and the frame in which the Net Account Value card first shows a
 * dollar figure (two animation frames after the DOM has it: the first runs before that frame's
 * paint, the second after it).
 */
const ARM_TIMING = `(() => {
  const timing = {};
  window.__timing = timing;
  document.addEventListener('click', (event) => {
    if (event.target instanceof HTMLElement && event.target.closest('button[type="submit"]')) timing.pressedAt ??= performance.now();
  }, true);
  const figureShown = () => [...document.querySelectorAll('.stat-card')].some(
    (card) => card.textContent?.includes('Net Account Value') && /\\$\\d/.test(card.querySelector('dd')?.textContent ?? ''));
  const observer = new MutationObserver(() => {
    if (timing.paintedAt !== undefined || !figureShown()) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => (timing.paintedAt = performance.now())));
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

async function oneTry(page: Page, url: string, login: { email: string; password: string }): Promise<number> {
  await page.goto(`${url}/login`);
  await page.evaluate('localStorage.clear()');
  await page.goto(`${url}/login`);
  await page.locator('form.auth__card input[name="email"]').fill(login.email);
  await page.locator('form.auth__card input[name="password"]').fill(login.password);
  await page.evaluate(ARM_TIMING);
  await page.locator('form.auth__card button[type="submit"]').click();
  await page.waitForFunction('window.__timing && window.__timing.paintedAt !== undefined', { timeout: 60_000 });
  const timing = (await page.evaluate('window.__timing')) as Timing;
  if (timing.pressedAt === undefined || timing.paintedAt === undefined) throw new Error('the timing was not recorded');
  return timing.paintedAt - timing.pressedAt;
}

export async function measureLoginToPaint(
  chromium: string,
  url: string,
  login: { email: string; password: string },
  tries = 5,
): Promise<LoginPaintResult> {
  const { browser, close } = await launchBenchChromium('login-paint', chromium);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    const times: number[] = [];
    for (let i = 0; i < tries; i++) times.push(await oneTry(page, url, login));
    const sorted = [...times].sort((a, b) => a - b);
    const medianMs = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
    return { tries: times, medianMs, pass: medianMs <= LOGIN_TO_PAINT_TARGET_MS };
  } finally {
    await close();
  }
}

export function formatLoginPaint(r: LoginPaintResult): string {
  return [
    `LOG IN -> GP dashboard painted with figures: median ${Math.round(r.medianMs)} ms of ${r.tries.length} tries`,
    `(${r.tries.map((t) => `${Math.round(t)}`).join(', ')} ms; the first with an empty cache); target <= ${LOGIN_TO_PAINT_TARGET_MS} ms: ${r.pass ? 'PASS' : 'MISS'}`,
  ].join(' ');
}
