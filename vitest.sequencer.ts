import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that spend much of their time waiting rather than computing: they start servers, operator
 * commands and PostgreSQL clusters and wait for them to start, fail, retry or stop.
 */
const WAITING = [
  'server/test/bundle.test.ts',
  'server/test/startup.test.ts',
  'server/test/db-outage.test.ts',
  'server/test/process.test.ts',
  'server/test/openapi-prism.test.ts',
  'server/test/login-limits.test.ts',
];

/**
 * The order Vitest hands files to its workers. Its own runs one project after another (browser,
 * client, server: by name), so the server's waiting files came last, side by side, and the run's
 * last three minutes had a core a quarter idle. Here each waiting file follows a browser file,
 * whose Chromium and app fill the time the other waits, and the short files of the client and server
 * come last, where they even out the two workers' ends. Within each kind, Vitest's order (failed,
 * then longest, first where it has run before; larger files first on a new clone).
 */
export class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((file) => WAITING.some((path) => file.moduleId.endsWith(path)));
    const browser = sorted.filter((file) => file.project.name === 'browser' && !waiting.includes(file));
    const rest = sorted.filter((file) => !waiting.includes(file) && !browser.includes(file));
    const interleaved: TestSpecification[] = [];
    for (let i = 0; i < Math.max(browser.length, waiting.length); i++) {
      const pair = [browser[i], waiting[i]].filter((file): file is TestSpecification => file !== undefined);
      interleaved.push(...pair);
    }
    return [...interleaved, ...rest];
  }
}
