import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CHECK = join(ROOT, 'scripts/check-node.cjs');
const wanted = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const need = wanted.replace(/^>=\s*/, '');

const run = (node: string, args: string[]) => spawnSync(node, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

/**
 * A Node.js older than package.json's engines stops `pnpm install` (through .pnpmfile.cjs, which
 * pnpm runs first) and `pnpm start` with one plain line, before anything else can fail.
 */
describe('the Node.js version check', () => {
  it.each(['20.20.2', 'v18.20.4', '22.18.0', '8.0.0'])('refuses Node %s in one plain line', (version) => {
    const res = run(process.execPath, [CHECK, version]);
    expect(res.status).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(`Node ${need} or newer is needed; you have ${version.replace(/^v/, '')}; see README ("Start").\n`);
  });

  it.each(['22.19.0', '22.23.3', '24.1.0', '30.0.0'])('lets Node %s through, saying nothing', (version) => {
    const res = run(process.execPath, [CHECK, version]);
    expect({ status: res.status, stdout: res.stdout, stderr: res.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('lets the Node running the tests through, and is what pnpm runs first', () => {
    expect(run(process.execPath, [CHECK]).status).toBe(0);
    expect(readFileSync(join(ROOT, '.pnpmfile.cjs'), 'utf8')).toContain("require('./scripts/check-node.cjs')");
    expect(readFileSync(join(ROOT, 'server/scripts/start.mjs'), 'utf8')).toMatch(/^import '\.\.\/\.\.\/scripts\/check-node\.cjs';$/m);
  });

  // The machine's own Node, where it is older (Node 20 on these machines), runs the real entry points.
  const systemNode = '/usr/bin/node';
  const systemVersion = existsSync(systemNode) ? run(systemNode, ['--version']).stdout.trim().replace(/^v/, '') : '';
  const [major = 0, minor = 0] = systemVersion.split('.').map(Number);
  const systemIsOld = systemVersion !== '' && (major < 22 || (major === 22 && minor < 19));
  it.skipIf(!systemIsOld)(`stops pnpm's hook file and pnpm start on the machine's Node ${systemVersion}`, () => {
    const message = `Node ${need} or newer is needed; you have ${systemVersion}; see README ("Start").\n`;
    for (const entry of ['.pnpmfile.cjs', 'server/scripts/start.mjs']) {
      const res = run(systemNode, [entry]);
      expect({ entry, status: res.status, stdout: res.stdout, stderr: res.stderr }).toEqual({
        entry,
        status: 1,
        stdout: '',
        stderr: message,
      });
    }
  });
});
