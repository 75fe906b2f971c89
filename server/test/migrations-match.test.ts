import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The committed migrations (drizzle/) describe exactly the schema in server/src/db/schema.ts:
 * drizzle-kit, asked to generate a migration from the schema against a copy of them, finds
 * nothing to add, and their snapshots chain without a gap.
 */
describe('the migrations and the schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('agree: drizzle-kit generates nothing new, and check finds the snapshots consistent', () => {
    cpSync(join(ROOT, 'drizzle'), join(dir, 'drizzle'), { recursive: true });
    const config = join(dir, 'drizzle.config.ts');
    writeFileSync(
      config,
      // drizzle-kit reads both paths relative to the folder it runs in.
      `export default { dialect: 'postgresql', schema: ${JSON.stringify(relative(dir, join(ROOT, 'server/src/db/schema.ts')))}, out: './drizzle' };\n`,
    );
    const kit = (...args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), ...args, `--config=${config}`], {
        cwd: dir,
        encoding: 'utf8',
      });
    const before = readdirSync(join(dir, 'drizzle')).sort();
    const generated = kit('generate');
    expect(generated.status, generated.stderr).toBe(0);
    expect(`${generated.stdout}${generated.stderr}`).toContain('No schema changes');
    expect(readdirSync(join(dir, 'drizzle')).sort()).toEqual(before);
    const checked = kit('check');
    expect(checked.status, checked.stderr).toBe(0);
    expect(`${checked.stdout}${checked.stderr}`).toContain("Everything's fine");
  });
});
