import { Page } from 'playwright-core';
import { withSiteInChromium } from '../support/site-in-chromium';
import { ADMIN, BASE, TestApp } from '../support/test-app';

const YEAR = new Date().getUTCFullYear() + 1;

// An event page as a person sees it (issue #15): rendered by a real Chromium under the pages' CSP,
// without console errors or blocked resources. SITE_PAGE_SCREENSHOT=<file.png> also saves a screenshot.
describe('an event page in a real headless Chromium', () => {
  let t: TestApp;
  let origin: string;
  let page: Page;
  let problems: string[];
  withSiteInChromium({ width: 1000, height: 1250 }, (site) => ({ t, origin, page, problems } = site));

  it('shows the event: title, dates in its zone, venue, organizer, description and its links', async () => {
    const created = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({
        title: 'Jazz on the Riverfront',
        description: '<p>An evening of modern jazz by the water, with the Riverside Quartet and guests.</p><p>Bring a blanket; food trucks open at 6 pm.</p>',
        start_date: `${YEAR}-07-10 19:30:00`,
        end_date: `${YEAR}-07-10 22:00:00`,
        timezone: 'America/Chicago',
        cost: '15',
        venue: { venue: 'Riverfront Park Amphitheater', address: '100 River Walk', city: 'Chicago', state: 'IL', zip: '60601', country: 'United States' },
        organizer: { organizer: 'Chicago Jazz Society', email: 'info@example.org', phone: '312-555-0100' },
        categories: ['Music'],
        tags: ['outdoor'],
      })
      .expect(201);
    const response = await page.goto(created.body.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-tec-api-root']).toBe(`${origin}/wp-json/tribe/events/v1/events/${created.body.id}`);
    await expect(page.locator('h1').innerText()).resolves.toBe('Jazz on the Riverfront');
    await expect(page.locator('p.when').innerText()).resolves.toBe(
      `Saturday, July 10, ${YEAR}, 7:30 PM – 10:00 PM CDT`.replace('Saturday', weekday(`${YEAR}-07-10`)),
    );
    await expect(page.locator('#venue + p a').innerText()).resolves.toBe('Riverfront Park Amphitheater');
    await expect(page.getByRole('link', { name: 'Add to calendar (iCalendar file)' }).getAttribute('href')).resolves.toBe(`${created.body.url}?ical=1`);
    await expect(page.getByRole('main').innerText()).resolves.toContain('An evening of modern jazz');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(jsonLd['@type']).toBe('Event');
    expect(problems).toEqual([]);
    if (process.env.SITE_PAGE_SCREENSHOT) await page.screenshot({ path: process.env.SITE_PAGE_SCREENSHOT, fullPage: true });
  });
});

function weekday(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
