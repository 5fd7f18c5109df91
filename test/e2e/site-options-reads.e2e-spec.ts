import { Sql } from '../../src/database/sql';
import { BASE, startTestApp, TestApp } from '../support/test-app';
import { insertEvent } from './events-test-helpers';

// The site settings a request needs (clock, permalinks, list defaults, links) come in one query,
// however many places of the request ask for them.
describe('site settings: one query per request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await insertEvent(t, { title: 'Settings', start: '2030-05-01 10:00:00' });
  });
  afterAll(() => t.close());

  it.each([
    ['the event list', `${BASE}/events?start_date=2030-01-01&end_date=2030-12-31`],
    ['a category list', `${BASE}/categories?hide_empty=0`],
    ['the namespace index', BASE],
  ])('%s', async (_name, path) => {
    const spy = jest.spyOn(Sql.prototype, 'rows');
    try {
      // Anonymous (authentication reads the roles on its own): each path's first read is a
      // response-cache miss, answered by the route.
      await t.http.get(path).expect(200);
      const optionReads = spy.mock.calls.filter(([text]) => /FROM\s+\S*options\W/.test(text) && text.includes('option_name IN'));
      // None when an earlier request of the same data version read them (shared per version).
      expect(optionReads.length).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });
});
