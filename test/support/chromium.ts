import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium } from 'playwright-core';

/** Debian's chromium package (installed by .ci/run); nothing is downloaded by the tests. */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Chromium {
  browser: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a throwaway profile. */
export async function launchChromium(viewport?: { width: number; height: number }): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, ...(viewport ? { viewport } : {}) });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
