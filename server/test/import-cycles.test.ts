import { fileURLToPath } from 'node:url';
import madge from 'madge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The compiler options madge resolves imports with: the project's tsconfig paths (the client's
 * @contract/*, @domain/*, @server/router), anchored at its folder. madge hands filing-cabinet
 * options it has already parsed, which lose where `paths` are relative to, so a baseUrl is given.
 */
function resolutionOf(project: string): object {
  const file = `${root}${project}/tsconfig.json`;
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error(`cannot read ${file}`);
  return {
    compilerOptions: {
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      baseUrl: `${root}${project}`,
      paths: parsed.options.paths ?? {},
    },
  };
}

/** The import graph from a folder, type-only imports included, and every import resolved. */
async function graphOf(dir: string, project: string) {
  return madge(`${root}${dir}`, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/\.test\.tsx?$/, /\.d\.ts$/],
    tsConfig: resolutionOf(project),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
}

/**
 * No module reaches itself through its imports, `import type` included: a cycle means two
 * layers know each other (a service and the app's container, the db layer and a service).
 */
describe('import cycles', () => {
  it.each([
    ['server/src', 'server'],
    ['client/src', 'client'],
  ])('%s has none, type imports included', async (dir, project) => {
    const graph = await graphOf(dir, project);
    // An import madge could not resolve would hide its edges: every one must resolve.
    expect(
      graph
        .warnings()
        .skipped.filter(
          (name) => name.startsWith('.') || name.startsWith('@contract') || name.startsWith('@domain') || name.startsWith('@server'),
        ),
    ).toEqual([]);
    expect(graph.circular().map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
