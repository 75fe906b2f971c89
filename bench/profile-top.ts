/**
 * `tsx bench/profile-top.ts <file.cpuprofile> [count]`: the functions that took the most CPU in a
 * profile written with BENCH_CPU_PROF=1, by self time and by package, to see where a request's
 * time goes (the tRPC adapter path).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-top.ts <file.cpuprofile> [count]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** node_modules/.pnpm/@trpc+server@11.19.0/node_modules/@trpc/server/dist/x.mjs -> @trpc/server; node:internal -> node. */
function packageOf(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
  if (m?.[1]) return m[1];
  if (url.startsWith('node:')) return 'node';
  if (url === '') return '(native / GC / idle)';
  return url.includes('/server/src/') ? 'app (server/src)' : url.replace(/^.*\//, '');
}

const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const pkg = packageOf(url);
  const key = `${functionName || '(anonymous)'}  ${pkg}${url ? `:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const count = Number(countArg ?? 25);
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nby package:`);
for (const [name, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(us)}  ${name}`);
console.log('\nby function (self time):');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${pct(us)}  ${name}`);
