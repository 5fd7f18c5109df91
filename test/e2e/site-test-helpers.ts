import { ADMIN, BASE, SITE, TestApp } from '../support/test-app';

/** The path of a URL of the test site. */
export const sitePath = (url: string) => url.slice(SITE.length);

/** A record created through the API as the administrator; its representation. */
export async function created(t: TestApp, collection: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await t.http.post(`${BASE}/${collection}`).set('Authorization', ADMIN).send(body);
  if (res.status !== 201) throw new Error(`${collection}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
