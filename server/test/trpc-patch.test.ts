import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/0007: @trpc/server's ES5 object-spread helper is replaced by a native spread. This
 * fails when an upgrade changes what the patch relies on: the version, the chunk that holds the
 * helper, or its behaviour.
 */
const require = createRequire(join(process.cwd(), 'server', 'package.json'));
const packageDir = dirname(require.resolve('@trpc/server/package.json'));
const distDir = join(packageDir, 'dist');

describe("@trpc/server's patched object spread", () => {
  it('is the version the patch was made for', () => {
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
    expect(version).toBe('11.25.2');
  });

  it('is patched in both builds of the chunk that defines it', () => {
    const chunks = readdirSync(distDir).filter((name) => /^getErrorShape-.*\.(mjs|cjs)$/.test(name));
    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) expect(readFileSync(join(distDir, chunk), 'utf8')).toContain('partner-portal patch');
  });

  it('gives what a spread gives: own enumerable keys and symbols, later ones winning, null and undefined skipped', async () => {
    const chunk = readdirSync(distDir).find((name) => /^getErrorShape-.*\.mjs$/.test(name));
    const module = (await import(pathToFileURL(join(distDir, chunk!)).href)) as { n: (...objects: unknown[]) => object };
    const symbol = Symbol('s');
    const hidden = Object.defineProperty({}, 'hidden', { value: 1, enumerable: false });
    const inherited = Object.create({ inherited: 1 }) as object;
    const merged = module.n({ a: 1 }, { b: 2, a: 3 }, null, undefined, { [symbol]: 4 }, hidden, inherited);
    expect(merged).toEqual({ a: 3, b: 2, [symbol]: 4 });
    expect(Object.keys(merged)).toEqual(['a', 'b']);
    expect(Object.getOwnPropertySymbols(merged)).toEqual([symbol]);
  });
});
