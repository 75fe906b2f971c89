/**
 * The one way the bench starts Debian's Chromium (the Lighthouse step and LOG IN → paint): headless,
 * in a fresh profile (an empty cache), without the background traffic (updates, QUIC) that would
 * share the network and the CPU with what is measured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export const CHROMIUM = process.env.BENCH_CHROMIUM?.trim() || '/usr/bin/chromium';

export interface BenchChromium {
  browser: Browser;
  /** Closes the browser and removes its profile. */
  close: () => Promise<void>;
}

/** A headless Chromium in a new profile named after `purpose` (a folder under the system's temp). */
export async function launchBenchChromium(purpose: string, executablePath = CHROMIUM): Promise<BenchChromium> {
  const profile = await mkdtemp(join(tmpdir(), `portal-${purpose}-`));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      userDataDir: profile,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
      ],
    });
  } catch (err) {
    await rm(profile, { recursive: true, force: true });
    throw err;
  }
  return {
    browser,
    close: async () => {
      try {
        await browser.close();
      } finally {
        await rm(profile, { recursive: true, force: true });
      }
    },
  };
}
