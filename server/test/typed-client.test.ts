import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tsxBin } from './support/server-process';

/**
 * The typed client of docs/api.md: another TypeScript project on NodeNext
 * resolution imports `AppRouter` from the "server/router" package export (declarations emitted by
 * `pnpm build:types`) and calls the API through @trpc/client. The page's example is compiled as
 * it stands there, with two lines added that must fail to type-check: were the router's types lost
 * (an unresolved import turns them into `any`), their @ts-expect-error would be unused, an error.
 */
const project = mkdtempSync(join(tmpdir(), 'portal-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The ```ts block that follows `<!-- typed-client-example -->` in docs/api.md. */
function readmeExample(readme: string): string {
  const marker = readme.indexOf('<!-- typed-client-example -->');
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(marker));
  if (marker < 0 || !block?.[1]) throw new Error('docs/api.md has no typed client example');
  return block[1];
}

beforeAll(async () => {
  const emitted = await run(tsxBin, ['server/scripts/emit-types.ts'], repoRoot);
  expect(emitted.code, emitted.output).toBe(0);
}, 180_000);

describe('the typed client for TypeScript consumers', () => {
  it('compiles the docs/api.md example with NodeNext resolution against the "server/router" export', async () => {
    const example = readmeExample(readFileSync(join(repoRoot, 'docs', 'api.md'), 'utf8'));
    mkdirSync(join(project, 'node_modules/@trpc'), { recursive: true });
    // As `"server": "link:../partner-portal/server"` and `pnpm add @trpc/client` would install them.
    symlinkSync(join(repoRoot, 'server'), join(project, 'node_modules/server'));
    symlinkSync(realpathSync(join(repoRoot, 'client/node_modules/@trpc/client')), join(project, 'node_modules/@trpc/client'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['portal.ts'],
      }),
    );
    writeFileSync(
      join(project, 'portal.ts'),
      `${example}
// Added by the test: the router's types must reach this file.
// @ts-expect-error an e-mail is a string
await portal.auth.login.mutate({ email: 42, password: 'x' });
// @ts-expect-error the list of lots is not a string
export const notText: string = await portal.portfolio.holdings.list.query();
`,
    );
    const tsc = createRequire(join(repoRoot, 'package.json')).resolve('typescript/bin/tsc');
    const compiled = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
  }, 180_000);
});
