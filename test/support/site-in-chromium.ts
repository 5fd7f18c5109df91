import type { Page } from 'playwright-core';
import { Chromium, launchChromium } from './chromium';
import { freePort } from './free-port';
import { startTestApp, TestApp } from './test-app';

/** The app on a loopback port (its SITE_URL) and a Chromium page on it. */
export interface SiteInChromium {
  t: TestApp;
  origin: string;
  page: Page;
  /** The page's console messages and failed requests, as they come. */
  problems: string[];
}

/**
 * The site in a real headless Chromium for the tests of the calling `describe` block: started before
 * them, handed to `use` (which keeps what the tests need), closed after them.
 */
export function withSiteInChromium(viewport: { width: number; height: number }, use: (site: SiteInChromium) => void): void {
  let t: TestApp | undefined;
  let chromium: Chromium | undefined;
  beforeAll(async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { SITE_URL: origin } });
    await t.app.listen(port, '127.0.0.1');
    chromium = await launchChromium(viewport);
    const page = await chromium.browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    use({ t, origin, page, problems });
  });
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });
}
