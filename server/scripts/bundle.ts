import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `pnpm bundle DIR [--no-build]`: a folder that runs anywhere with Node and nothing else installed:
 *
 *   DIR/dist/main.js, dist/cli.js   the server and the operator commands (esbuild, server/dist)
 *   DIR/drizzle/                    the migrations, found at run time next to dist/
 *   DIR/client/dist/                the built web client, served by the server
 *   DIR/node_modules/               the server's production dependencies only (pnpm deploy --prod)
 *
 * Start it with `node dist/main.js` (or `pnpm start`) in DIR. The build runs first unless
 * --no-build is given and server/dist and client/dist are already there.
 */
const root = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith('--'));
if (!target) {
  console.error('Usage: pnpm bundle DIR [--no-build]');
  process.exit(2);
}
const out = resolve(target);

function run(command: string, commandArgs: string[]): void {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${command} ${commandArgs.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

const built = existsSync(join(root, 'server/dist/main.js')) && existsSync(join(root, 'client/dist/index.html'));
if (!args.includes('--no-build') || !built) run('pnpm', ['build']);

if (existsSync(out) && readdirSync(out).length > 0) {
  console.error(`${out} is not empty; give a new or empty folder.`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
// server/package.json's "files" (dist, dist-types) and its production dependencies, patches applied.
run('pnpm', ['--filter', './server', 'deploy', '--prod', out]);
cpSync(join(root, 'drizzle'), join(out, 'drizzle'), { recursive: true });
cpSync(join(root, 'client/dist'), join(out, 'client/dist'), { recursive: true });
// The deployed lockfile and workspace file name this machine's paths; the bundle never installs again.
for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml']) rmSync(join(out, file), { force: true });
console.log(`Production bundle in ${out}: start it there with \`node dist/main.js\`.`);
