import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO, startAppServer, type AppServer } from './app-server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumAvailable } from './chromium';

/** An account to be signed in as: the app, and the e-mail and password (support/app-server.ts DEMO). */
export interface SignIn {
  app: AppServer;
  account: { email: string; password: string };
}

/** A browser of its own for a test. */
export interface Browser {
  context: BrowserContext;
  newPage(width?: number): Promise<Page>;
  /** Replaces the browser's storage with a session of this account, made through the REST path; null: signed out. */
  signIn(as: SignIn | null): Promise<void>;
  close(): Promise<void>;
}

type StorageState = Parameters<BrowserContext['setStorageState']>[0];

/**
 * The session a sign-in leaves in the browser (docs/product.md §3: token, role and method in local storage),
 * made through the REST path: for tests about what a signed-in partner sees, not about signing in.
 */
async function sessionOf({ app, account }: SignIn): Promise<StorageState> {
  const res = await fetch(`${app.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`signing in ${account.email} answered ${res.status}: ${await res.text()}`);
  const { token, role } = (await res.json()) as { token: string; role: string };
  return {
    cookies: [],
    origins: [
      {
        origin: app.url,
        localStorage: [
          { name: 'token', value: token },
          { name: 'role', value: role },
          { name: 'authMethod', value: 'local' },
        ],
      },
    ],
  };
}

/**
 * A Chromium of its own with a fresh profile (user data dir), closed and removed by close(); signed
 * in already when `signedIn` says as whom. A profile on disk, not an incognito context of a shared
 * browser: Chromium keeps compiled scripts (V8's code cache) only on disk, and without it every page
 * load compiles the app's JavaScript again (about 1.4 s of CPU more a load, measured).
 */
export async function openBrowser(signedIn?: SignIn): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  const browser: Browser = {
    context,
    newPage: async (width = 1440) => {
      const page = await context.newPage();
      if (width !== 1440) await page.setViewportSize({ width, height: 900 });
      return page;
    },
    signIn: async (as) => context.setStorageState(as ? await sessionOf(as) : { cookies: [], origins: [] }),
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
  if (signedIn) await browser.signIn(signedIn);
  return browser;
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
 * The app on a fresh embedded database and a browser, for the enclosing describe block: started
 * before its tests, stopped after them. Read `app` and `browser` inside the tests. `signedIn('gp')`
 * is that browser with its session replaced by one of the demo GP's ('visitor': none), for tests of
 * what a partner does rather than of signing in: no login page and no dashboard before the page
 * under test. One browser a file where the tests allow it: a browser's first pages cost the most
 * (a new Chromium, and the app's scripts compiled with nothing cached).
 */
export function appInBrowser(): {
  readonly app: AppServer;
  readonly browser: Browser;
  signedIn(role: keyof typeof DEMO | 'visitor'): Promise<Browser>;
} {
  const started: { app?: AppServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.app = await startAppServer();
    started.browser = await openBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.app?.stop();
  });
  const session = {
    get app() {
      if (!started.app) throw new Error('the app server has not started');
      return started.app;
    },
    get browser() {
      if (!started.browser) throw new Error('the browser has not started');
      return started.browser;
    },
    async signedIn(role: keyof typeof DEMO | 'visitor'): Promise<Browser> {
      await session.browser.signIn(role === 'visitor' ? null : { app: session.app, account: DEMO[role] });
      return session.browser;
    },
  };
  return session;
}
