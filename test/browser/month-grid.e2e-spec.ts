import { Page } from 'playwright-core';
import { createdSeries, listedIn } from '../e2e/site-recurring-helpers';
import { created } from '../e2e/site-test-helpers';
import { withSiteInChromium } from '../support/site-in-chromium';
import { TestApp } from '../support/test-app';

const YEAR = new Date().getUTCFullYear() + 1;
const MONTH = `${YEAR}-04`;
/** Where the screenshot of the grid is saved (MONTH_GRID_SCREENSHOT overrides it). */
const day = (offset: number) => new Date(Date.UTC(YEAR, 3, offset)).toISOString().slice(0, 10);
/** The first Tuesday of April, where the series starts. */
const FIRST = day(1 + ((2 - new Date(Date.UTC(YEAR, 3, 1)).getUTCDay() + 7) % 7));
const afterFirst = (days: number) => day(Number(FIRST.slice(8)) + days);
const SCREENSHOT = process.env.MONTH_GRID_SCREENSHOT ?? '/tmp/month-grid.png';

// The month grid as a person sees it (issue #24): a real headless Chromium under the pages' CSP shows
// a series' occurrences on their days, follows one to its page, without console errors.
describe('the month grid in a real headless Chromium', () => {
  let t: TestApp;
  let page: Page;
  let problems: string[];
  withSiteInChromium({ width: 1100, height: 1100 }, (site) => ({ t, page, problems } = site));

  it('shows the series on its days and leads to an occurrence page that says how it repeats', async () => {
    const first = await createdSeries(
      t,
      { title: 'Yoga in the park', start_date: `${FIRST} 07:30:00`, end_date: `${FIRST} 08:30:00`, timezone: 'America/New_York' },
      { rrule: `FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=${YEAR}0430T235959Z`, exdate: [`${afterFirst(9)} 07:30:00`] },
    );
    await created(t, 'events', { title: 'Spring concert', start_date: `${afterFirst(11)} 19:00:00`, end_date: `${afterFirst(11)} 21:00:00` });
    const listed = (await listedIn(t, `${MONTH}-01`, `${MONTH}-30`)).filter((e) => e.title === 'Yoga in the park');
    expect(listed.length).toBeGreaterThan(6);

    const response = await page.goto(`${first.url.replace(/\/event\/.*$/, '')}/events/month/?month=${MONTH}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toBe(`Events in April ${YEAR}`);
    for (const occurrence of listed) {
      const day = page.locator(`td:has(time[datetime="${occurrence.start_date.slice(0, 10)}"])`);
      await expect(day.getByRole('link', { name: 'Yoga in the park' }).getAttribute('href')).resolves.toBe(occurrence.url);
    }
    const excluded = page.locator(`td:has(time[datetime="${afterFirst(9)}"])`);
    await expect(excluded.getByRole('link').count()).resolves.toBe(0);
    await expect(page.locator(`td:has(time[datetime="${afterFirst(11)}"])`).innerText()).resolves.toContain('Spring concert');
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    const target = listed[3];
    await page
      .locator(`td:has(time[datetime="${target.start_date.slice(0, 10)}"])`)
      .getByRole('link', { name: 'Yoga in the park' })
      .click();
    await page.waitForURL(target.url);
    await expect(page.locator('p.when').innerText()).resolves.toContain('7:30 AM – 8:30 AM EDT');
    await expect(page.locator('p.series strong').innerText()).resolves.toBe(`Every Tuesday and Thursday until April 30, ${YEAR}`);
    await page.getByRole('link', { name: /First event of the series/ }).click();
    await page.waitForURL(first.url);
    expect(problems).toEqual([]);
  });
});
