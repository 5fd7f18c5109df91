import { ADMIN, BASE, TestApp } from './test-app';

/**
 * Records created through the API as the administrator, on the app `app()` returns when called (a
 * suite's app is started in its beforeAll): `post` answers the new record's ID, `event` creates an
 * event on its own day of `month` (`2033-01`: the 1st, then the 2nd…) with whatever else it is given.
 */
export function apiWriter(app: () => TestApp, month: string) {
  let day = 0;
  async function post(path: string, body: Record<string, unknown>): Promise<number> {
    const res = await app().http.post(path).set('Authorization', ADMIN).send(body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  function event(title: string, extra: Record<string, unknown> = {}): Promise<number> {
    day++;
    const date = `${month}-${String(day).padStart(2, '0')}`;
    return post(`${BASE}/events`, { title, start_date: `${date} 10:00:00`, end_date: `${date} 11:00:00`, ...extra });
  }
  return { post, event };
}
