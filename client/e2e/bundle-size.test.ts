import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/app-server';

const DIST = join(REPO_ROOT, 'client/dist');
const ASSETS = join(DIST, 'assets');
const KB = 1024;
/** Issue 13: the JavaScript `/` needs before it can render, gzipped. */
const HOME_JS_BUDGET = 100 * KB;
/** Issue 13: everything a dashboard runs (the page's scripts and the dashboard's chunks), gzipped. */
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
