import { Page } from 'playwright-core';
import { RouteTable } from '../../src/discovery/route-table';
import { ADMIN_PASSWORD, ADMIN_USER, startTestApp, TestApp } from '../support/test-app';
import { Chromium, launchChromium } from '../support/chromium';
import { freePort } from '../support/free-port';

describe('Swagger UI in a real headless Chromium', () => {
  let t: TestApp;
  let origin: string;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { SITE_URL: origin } });
    await t.app.listen(port, '127.0.0.1');
    chromium = await launchChromium();
    page = await chromium.browser.newPage();
  });
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('loads and lists every route of the namespace', async () => {
    const response = await page.goto(`${origin}/docs`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.opblock-summary-path', { timeout: 20000 });
    expect(await page.locator('.info .title').innerText()).toContain('The Events Calendar REST API');
    const shown = new Set(await page.locator('.opblock-summary-path').evaluateAll((els) => els.map((e) => e.getAttribute('data-path'))));
    const routes = t.app.get(RouteTable).routes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const path = route.swaggerPath;
      expect({ path, shown: shown.has(path) }).toEqual({ path, shown: true });
    }
    expect(shown.has('/wp-json/eca/v1/changes')).toBe(true);
    expect(shown.has('/wp-json')).toBe(true);
  });

  it('authorizes with HTTP Basic and runs "Try it out" on the event list', async () => {
    await page.locator('.auth-wrapper .authorize').click();
    const dialog = page.locator('.dialog-ux');
    await dialog.locator('input[type=text]').fill(ADMIN_USER);
    await dialog.locator('input[type=password]').fill(ADMIN_PASSWORD);
    await dialog.locator('button.authorize').click();
    await dialog.locator('button.btn-done, button.close-modal').first().click();

    const hasEvents = t.app
      .get(RouteTable)
      .routes()
      .some((r) => r.docPath === '/events');
    const collection = hasEvents ? 'events' : 'venues';
    const operation = page.locator(`.opblock-get:has(.opblock-summary-path[data-path="/wp-json/tribe/events/v1/${collection}"])`);
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().startsWith(`${origin}/wp-json/tribe/events/v1/${collection}`)),
      operation.locator('button.execute').click(),
    ]);
    expect(request.headers()['authorization']).toBe(`Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}`);
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.first().waitFor({ timeout: 20000 });
    expect((await status.first().innerText()).trim()).toBe('200');
    expect(collection).toBe('events');
  });

  it('lists the events first, and "Try it out" → "Execute" on POST /events creates one with the body it starts with', async () => {
    const groups = await page.locator('.opblock-tag-section .opblock-tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
    expect(groups[0]).toBe('events');

    const operation = page.locator('.opblock-post:has(.opblock-summary-path[data-path="/wp-json/tribe/events/v1/events"])');
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    const body = operation.locator('textarea.body-param__text');
    await body.waitFor({ timeout: 20000 });
    expect(JSON.parse(await body.inputValue())).toMatchObject({ title: 'Jazz in the park' });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${origin}/wp-json/tribe/events/v1/events` && r.request().method() === 'POST'),
      operation.locator('button.execute').click(),
    ]);
    expect(response.status()).toBe(201);
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.first().waitFor({ timeout: 20000 });
    expect((await status.first().innerText()).trim()).toBe('201');
  });
});
