/* global process, console */
// `pnpm start`: builds first where the build tools are installed (a full `pnpm install`), so a fresh
// clone starts with one command; after `pnpm install --prod` it starts the existing build, and says
// plainly what to do if there is none. Plain JavaScript: it must run without tsx.
// First of all: a Node.js too old for the project stops here with one plain line.
import '../../scripts/check-node.cjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const main = join(root, 'server/dist/main.js');
const canBuild = existsSync(join(root, 'client/node_modules/.bin/vite')) && existsSync(join(root, 'server/node_modules/.bin/esbuild'));

if (canBuild) {
  const built = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else if (existsSync(main)) {
  console.log('Build tools not installed (production install): starting the existing build in server/dist and client/dist.');
} else {
  console.error(
    'There is no build to start (server/dist/main.js), and this install has no build tools (pnpm install --prod).\n' +
      'Build once where the dev dependencies are installed (pnpm install && pnpm build), or make a production bundle\n' +
      'with `pnpm bundle DIR` and start it with `node dist/main.js` there (docs/operations.md, "Production").',
  );
  process.exit(1);
}

await import(pathToFileURL(main).href);
