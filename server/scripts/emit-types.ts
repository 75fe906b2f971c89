import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * `pnpm build:types`: declarations of the tRPC router in server/dist-types, for TypeScript
 * consumers importing `AppRouter` from "server/router" (server/package.json "exports").
 *
 * The server's source is compiled with Bundler resolution and writes relative imports without an
 * ending ('./context'); a consumer on NodeNext resolution cannot follow those from an ES module's
 * declarations. tsc emits them as written, so each relative specifier is given the ending of the
 * file it names ('./context.js', './routers/index.js') after the emit.
 */
const serverDir = resolve(import.meta.dirname, '..');
const outDir = join(serverDir, 'dist-types');
// TypeScript 7 (package alias typescript-7), the compiler pnpm typecheck uses; typescript (6) stays for typescript-eslint.
const tsc = join(dirname(createRequire(join(serverDir, '../package.json')).resolve('typescript-7/package.json')), 'bin/tsc');

rmSync(outDir, { recursive: true, force: true });
const emitted = spawnSync(process.execPath, [tsc, '-p', join(serverDir, 'tsconfig.types.json')], { stdio: 'inherit' });
if (emitted.status !== 0) process.exit(emitted.status ?? 1);

/** './x' from a file in `dir`: './x.js' or './x/index.js', whichever declaration exists. */
function withEnding(dir: string, specifier: string): string {
  if (/\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  if (existsSync(join(dir, `${specifier}.d.ts`))) return `${specifier}.js`;
  if (existsSync(join(dir, specifier, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`No declaration for ${specifier} from ${dir}`);
}

// `from './x'`, `import('./x')`, `import("./x")`: the only forms tsc writes for relative imports.
const RELATIVE = /(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function rewrite(dir: string): number {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files += rewrite(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const next = text.replace(
        RELATIVE,
        (_all, lead: string, quote: string, spec: string) => `${lead}${quote}${withEnding(dirname(path), spec)}${quote}`,
      );
      if (next !== text) writeFileSync(path, next);
      files++;
    }
  }
  return files;
}

console.log(`Declarations for "server/router" in ${outDir} (${rewrite(outDir)} files).`);
