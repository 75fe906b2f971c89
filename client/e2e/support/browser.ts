import { afterAll, beforeAll, describe, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './app-server';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** DESIGN §6's flags, plus no QUIC (nothing leaves the machine). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export interface Browser {
  context: BrowserContext;
  newPage(width?: number): Promise<Page>;
  close(): Promise<void>;
}

/** A Chromium of its own with a fresh profile (user data dir), closed and removed by close(). */
export async function openBrowser(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    newPage: async (width = 1440) => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      return page;
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Browser tests run where Chromium is installed. Without it they are skipped on a developer's
 * machine (saying so), and fail in CI (CI set), where .ci/run installs it.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (chromiumAvailable()) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      it(`needs Chromium at ${CHROMIUM_PATH}`, () => {
        throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}; .ci/run installs it with apt-get.`);
      });
    });
    return;
  }
  console.log(`Chromium is not installed at ${CHROMIUM_PATH}: skipping the browser tests "${name}".`);
  describe.skip(name, body);
}

/**
 * The app on a fresh embedded database and a Chromium, for the enclosing describe block: started
 * before its tests, stopped after them. Read `app` and `browser` inside the tests.
 */
export function appInBrowser(): { readonly app: AppServer; readonly browser: Browser } {
  const started: { app?: AppServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.app = await startAppServer();
    started.browser = await openBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.app?.stop();
  });
  return {
    get app() {
      if (!started.app) throw new Error('the app server has not started');
      return started.app;
    },
    get browser() {
      if (!started.browser) throw new Error('the browser has not started');
      return started.browser;
    },
  };
}
