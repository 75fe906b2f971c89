/**
 * The GP dashboard at a firm's size, in Debian's Chromium on the built app served by the scale
 * step's server (bench/scale.ts): per try, from pressing LOG IN to the frame in which the Net
 * Account Value shows its figure and to the frame in which the Liquid Assets table shows its first
 * row; the longest task (PerformanceObserver 'longtask') from LOG IN until the whole page is built
 * (its last section, Cash and Margin, is there); then a sort by Value $ timed from the click to
 * the frame that shows the new order, with the lots closed and with every symbol's lots open.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'puppeteer-core';
import { launchBenchChromium } from './chromium';

export interface DashboardTry {
  /** LOG IN → Net Account Value painted. */
  figuresMs: number;
  /** LOG IN → the Liquid Assets table's first row painted. */
  holdingsMs: number;
  /** The longest task from LOG IN until the page's last section is there. */
  longestTaskMs: number;
}

export interface DashboardScaleResult {
  tries: DashboardTry[];
  /** Medians of the tries. */
  figuresMs: number;
  holdingsMs: number;
  longestTaskMs: number;
  /** Click on Value $ → new order painted, lots closed (median of the clicks). */
  sortMs: number;
  /** The same with every symbol's lots open. */
  sortOpenMs: number | null;
  /** Body rows in the DOM with every symbol's lots open, and the rows the table has then. */
  rowsInDom: number | null;
  rowsOpen: number | null;
  /** The longest task while sorting with the lots open. */
  sortLongestTaskMs: number | null;
  /** The tRPC answers of the last LOG IN: bytes as JSON (decoded) and as sent (compressed, headers included). */
  dataBytes: number;
  transferBytes: number;
}

/** Marks LOG IN, the figures' and the holdings' first paint, and records long tasks. */
const ARM = `(() => {
  const t = { longTasks: [] };
  window.__dash = t;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) t.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof HTMLElement && event.target.closest('button[type="submit"]')) t.pressedAt ??= performance.now();
  }, true);
  const afterPaint = (key) => requestAnimationFrame(() => requestAnimationFrame(() => (t[key] ??= performance.now())));
  const figureShown = () => [...document.querySelectorAll('.stat-card')].some(
    (card) => card.textContent?.includes('Net Account Value') && /\\$\\d/.test(card.querySelector('dd')?.textContent ?? ''));
  const holdingsShown = () => !!document.querySelector('[aria-label="Liquid Assets table"] tbody tr th');
  const builtShown = () => !!document.querySelector('[aria-labelledby="balances-heading"], .balances-panel');
  const observer = new MutationObserver(() => {
    if (t.figuresArmed === undefined && figureShown()) { t.figuresArmed = 1; afterPaint('figuresAt'); }
    if (t.holdingsArmed === undefined && holdingsShown()) { t.holdingsArmed = 1; afterPaint('holdingsAt'); }
    if (t.builtArmed === undefined && builtShown()) { t.builtArmed = 1; afterPaint('builtAt'); observer.disconnect(); }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

interface Marks {
  pressedAt?: number;
  figuresAt?: number;
  holdingsAt?: number;
  builtAt?: number;
  longTasks: { start: number; duration: number }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function oneTry(page: Page, url: string, login: { email: string; password: string }): Promise<DashboardTry> {
  await page.goto(`${url}/login`);
  await page.evaluate('localStorage.clear()');
  await page.goto(`${url}/login`);
  await page.locator('form.auth__card input[name="email"]').fill(login.email);
  await page.locator('form.auth__card input[name="password"]').fill(login.password);
  await page.evaluate(ARM);
  await page.locator('form.auth__card button[type="submit"]').click();
  await page.waitForFunction('window.__dash && window.__dash.builtAt !== undefined && window.__dash.holdingsAt !== undefined', {
    timeout: 120_000,
  });
  const marks = (await page.evaluate('window.__dash')) as Marks;
  if (marks.pressedAt === undefined || marks.figuresAt === undefined || marks.holdingsAt === undefined || marks.builtAt === undefined) {
    throw new Error('the dashboard timing was not recorded');
  }
  const pressed = marks.pressedAt;
  const built = marks.builtAt;
  const during = marks.longTasks.filter((task) => task.start + task.duration >= pressed && task.start <= built);
  return {
    figuresMs: marks.figuresAt - pressed,
    holdingsMs: marks.holdingsAt - pressed,
    longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
  };
}

/**
 * Clicks Value $'s sort button and resolves with the time from the click to the frame after the
 * table's first body row changed (or, where it did not, after aria-sort changed), and the longest task meanwhile.
 */
const TIME_SORT = `(async () => {
  const region = document.querySelector('[aria-label="Liquid Assets table"]');
  const header = [...region.querySelectorAll('thead th')].find((th) => th.textContent.startsWith('Value $'));
  const button = header.querySelector('button');
  const before = header.getAttribute('aria-sort');
  const tasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const changed = new Promise((resolve) => {
    const check = () => header.getAttribute('aria-sort') !== before;
    const mo = new MutationObserver(() => { if (check()) { mo.disconnect(); resolve(); } });
    mo.observe(region, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const started = performance.now();
  button.click();
  await changed;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const ms = performance.now() - started;
  // A task still running when the frame came is reported after it.
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return { ms, longest: Math.max(0, ...tasks) };
})()`;

/**
 * Opens every symbol's lots, the last symbol first: the symbols still closed are then always the
 * table's first rows, in the page whether or not the table leaves the rows out of view out. Waits
 * for the lots to arrive, then scrolls the table's top into view; answers the rows in the DOM and
 * the rows the table has.
 */
const OPEN_ALL = `(async () => {
  const region = document.querySelector('[aria-label="Liquid Assets table"]');
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  region.scrollIntoView();
  await frames();
  for (;;) {
    const closed = [...region.querySelectorAll('button[aria-expanded="false"][aria-label^="Show lots of"]')].at(-1);
    if (!closed) break;
    closed.click();
    await frames();
  }
  // Each symbol's lots are loaded as it opens (docs/decisions/0025, "Later: lots sent on open").
  while (region.querySelector('.data-table__full [role="status"]')) await frames();
  window.scrollTo(0, region.getBoundingClientRect().top + window.scrollY - 80);
  await frames();
  const table = region.querySelector('table');
  const inDom = table.querySelectorAll('tbody tr:not([aria-hidden="true"])').length;
  const count = table.getAttribute('aria-rowcount');
  return { inDom, rows: count ? Number(count) - 1 - table.querySelectorAll('tfoot tr').length : inDom };
})()`;

export async function measureDashboardAtScale(
  chromium: string,
  url: string,
  login: { email: string; password: string },
  tries = 3,
  /** Where to write a CPU profile (.cpuprofile, bench/profile-top.ts reads it) of the last try, when given. */
  profileFile?: string,
): Promise<DashboardScaleResult> {
  const { browser, close } = await launchBenchChromium('dashboard-scale', chromium);
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(120_000);
    await page.setViewport({ width: 1440, height: 900 });
    const results: DashboardTry[] = [];
    for (let i = 0; i < tries; i++) {
      const profiling = profileFile !== undefined && i === tries - 1;
      const cdp = profiling ? await page.createCDPSession() : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      results.push(await oneTry(page, url, login));
      if (cdp && profileFile) {
        const { profile } = await cdp.send('Profiler.stop');
        mkdirSync(dirname(profileFile), { recursive: true });
        writeFileSync(profileFile, JSON.stringify(profile));
        await cdp.detach();
      }
    }
    const sorts: number[] = [];
    for (let i = 0; i < 4; i++) sorts.push(((await page.evaluate(TIME_SORT)) as { ms: number }).ms);
    const data = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/trpc/'))
      .reduce((sum, e) => ({ decoded: sum.decoded + e.decodedBodySize, transfer: sum.transfer + e.transferSize }), { decoded: 0, transfer: 0 })`)) as {
      decoded: number;
      transfer: number;
    };
    let sortOpenMs: number | null = null;
    let rowsInDom: number | null = null;
    let rowsOpen: number | null = null;
    let sortLongestTaskMs: number | null = null;
    try {
      const opened = (await page.evaluate(OPEN_ALL)) as { inDom: number; rows: number };
      rowsInDom = opened.inDom;
      rowsOpen = opened.rows;
      const open: { ms: number; longest: number }[] = [];
      for (let i = 0; i < 4; i++) open.push((await page.evaluate(TIME_SORT)) as { ms: number; longest: number });
      sortOpenMs = median(open.map((s) => s.ms));
      sortLongestTaskMs = median(open.map((s) => s.longest));
    } catch {
      // Opening every symbol's lots may take longer than the bench allows at L without virtual rows.
    }
    return {
      tries: results,
      figuresMs: median(results.map((r) => r.figuresMs)),
      holdingsMs: median(results.map((r) => r.holdingsMs)),
      longestTaskMs: median(results.map((r) => r.longestTaskMs)),
      sortMs: median(sorts),
      sortOpenMs,
      rowsInDom,
      rowsOpen,
      sortLongestTaskMs,
      dataBytes: data.decoded,
      transferBytes: data.transfer,
    };
  } finally {
    await close();
  }
}

const r = (v: number | null) => (v === null || Number.isNaN(v) ? '-' : `${Math.round(v)}`);

export function formatDashboardScale(size: string, d: DashboardScaleResult): string {
  return [
    `dashboard at ${size} (median of ${d.tries.length} tries): LOG IN -> figures ${r(d.figuresMs)} ms, -> holdings painted ${r(d.holdingsMs)} ms (target <= 1000),`,
    `  longest task ${r(d.longestTaskMs)} ms (target <= 100); sort by Value $ ${r(d.sortMs)} ms with lots closed,`,
    `  ${r(d.sortOpenMs)} ms with every symbol's lots open (${r(d.rowsOpen)} rows, ${r(d.rowsInDom)} of them in the DOM, longest task ${r(d.sortLongestTaskMs)} ms) (target <= 100)`,
    `  the dashboard's tRPC answers: ${(d.dataBytes / 1e6).toFixed(2)} MB of JSON, ${(d.transferBytes / 1e6).toFixed(2)} MB sent`,
    `  tries: ${d.tries.map((t) => `${r(t.figuresMs)}/${r(t.holdingsMs)}/${r(t.longestTaskMs)}`).join(', ')} ms (figures/holdings/longest task)`,
  ].join('\n');
}
