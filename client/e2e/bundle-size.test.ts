import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/app-server';

const DIST = join(REPO_ROOT, 'client/dist');
/** DESIGN §5: the JavaScript `/` needs before it can render, gzipped. */
const INITIAL_JS_BUDGET = 120 * 1024;

/** The scripts index.html loads at once: its entry module and the chunks it preloads. */
function initialScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...entry, ...preloaded];
}

describe('the built client', () => {
  it('loads less than 120 KB of gzipped JavaScript for /', () => {
    const index = join(DIST, 'index.html');
    if (!existsSync(index)) throw new Error(`${index} is missing: run pnpm build before these tests.`);
    const scripts = initialScripts(readFileSync(index, 'utf8'));
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((src) => gzipSync(readFileSync(join(DIST, src))).length);
    const total = sizes.reduce((a, b) => a + b, 0);
    console.log(`initial JavaScript for /: ${(total / 1024).toFixed(1)} KB gzipped (${scripts.join(', ')})`);
    expect(total).toBeLessThan(INITIAL_JS_BUDGET);
  });
});
