import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/app-server';
import { appInBrowser, describeInBrowser } from './support/browser';

const DIST = join(REPO_ROOT, 'client/dist');
const ASSETS = join(DIST, 'assets');
const KB = 1024;
/** The JavaScript `/` needs before it can render, gzipped. */
const HOME_JS_BUDGET = 100 * KB;
/** Everything a dashboard runs (the page's scripts and the dashboard's chunks), gzipped. */
const DASHBOARD_JS_BUDGET = 150 * KB;

function readIndex(): string {
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run pnpm build before these tests.`);
  return readFileSync(index, 'utf8');
}

/** The scripts index.html loads at once: its entry module and the chunks it preloads (/assets/x.js). */
function initialScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...entry, ...preloaded];
}

/** A chunk's file name and those of every chunk it imports statically, recursively (dynamic imports load later). */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(ASSETS, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) withStaticImports(m[1] ?? '', seen);
  return seen;
}

const gzipped = (path: string) => gzipSync(readFileSync(path)).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe('the built client', () => {
  it('loads at most 100 KB of gzipped JavaScript for /', () => {
    const scripts = initialScripts(readIndex());
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, src) => sum + gzipped(join(DIST, src)), 0);
    console.log(`JavaScript for /: ${kb(total)} gzipped (${scripts.join(', ')})`);
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });

  it.each(['gp-dashboard', 'lp-dashboard'])('loads at most 150 KB of gzipped JavaScript in all for the %s', (page) => {
    const scripts = initialScripts(readIndex()).map((src) => src.replace(/^\/assets\//, ''));
    const entry = readFileSync(join(ASSETS, scripts[0] ?? ''), 'utf8');
    const chunk = new RegExp(`["'\`]\\./(${page}-[\\w-]+\\.js)["'\`]`).exec(entry)?.[1];
    expect(chunk, `the entry does not load a ${page} chunk`).toBeDefined();
    const files = new Set<string>();
    for (const file of [...scripts, chunk ?? '']) withStaticImports(file, files);
    const total = [...files].reduce((sum, file) => sum + gzipped(join(ASSETS, file)), 0);
    console.log(`JavaScript for the ${page}: ${kb(total)} gzipped in ${files.size} files`);
    expect(total).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
  });
});

/**
 * What a dashboard really transfers, as Lighthouse counts it: every script the page loads until the
 * network is quiet (lazy chunks too), in the encoding the server sends (Brotli), with its headers,
 * on an empty cache. The static check above leaves out what a dashboard imports lazily at load.
 */
describeInBrowser('a dashboard in Chromium', () => {
  const session = appInBrowser();

  it.each(['gp', 'lp'] as const)('transfers at most 150 KB of JavaScript for the %s dashboard before it is used', async (role) => {
    const browser = await session.signedIn(role);
    const page = await browser.newPage(390);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const sizes: Promise<{ path: string; bytes: number }>[] = [];
    page.on('requestfinished', (request: Request) => {
      if (request.resourceType() !== 'script') return;
      sizes.push(
        request.sizes().then((s) => ({ path: new URL(request.url()).pathname, bytes: s.responseBodySize + s.responseHeadersSize })),
      );
    });
    await page.goto(`${session.app.url}/${role}_dashboard`);
    await page.getByText('Accounts Receivable').first().waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(sizes);
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`JavaScript transferred for the ${role} dashboard: ${kb(total)} in ${scripts.length} files`);
    expect(total, scripts.map((s) => `${s.path} ${kb(s.bytes)}`).join(', ')).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
    await page.close();
  });
});
