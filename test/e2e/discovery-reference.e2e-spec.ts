import { startTestApp, TestApp } from '../support/test-app';
import { normalise, reference, REFERENCE_ORIGINS } from './discovery-support';

const NS = '/wp-json/tribe/events/v1';
const OURS = ['http://127.0.0.1:3000'];

/**
 * Routes still awaiting the events DTOs' documentation hints (computed start/end/per_page defaults,
 * `type` hidden where the plugin declares none, integer `items` of ID lists, `password` on DELETE):
 * compared once those land. Every other route must match the plugin's answer.
 */
const PENDING: string[] = [];
const pending = (path: string) => PENDING.some((p) => path === `/tribe/events/v1${p}` || path.startsWith(`/tribe/events/v1${p}/`) || path === p || path.startsWith(`${p}/`));

type Json = Record<string, unknown>;

describe('the namespace index and /doc against the plugin’s own answers (shared/reference)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('index: same routes, methods, endpoints and arguments (descriptions: presence only)', async () => {
    const want = normalise(reference('01-index'), REFERENCE_ORIGINS) as { routes: Json };
    const got = normalise((await t.http.get(NS).expect(200)).body, OURS) as { routes: Json };
    expect(Object.keys(got.routes)).toEqual(Object.keys(want.routes));
    for (const route of Object.keys(want.routes).filter((r) => !pending(r))) {
      expect({ route, data: got.routes[route] }).toEqual({ route, data: want.routes[route] });
      // Argument order is the plugin's definition order.
      const argOrder = (data: unknown) => ((data as { endpoints: { args: Json }[] }).endpoints ?? []).map((e) => Object.keys(e.args));
      expect({ route, order: argOrder(got.routes[route]) }).toEqual({ route, order: argOrder(want.routes[route]) });
    }
    expect({ ...got, routes: {} }).toEqual({ ...want, routes: {} });
  });

  it('/doc: same structure, schemas, paths, parameters and responses (descriptions: presence only)', async () => {
    const want = normalise(reference('02-doc'), REFERENCE_ORIGINS) as { components: { schemas: Json }; paths: Json };
    // Quirk Q39 DEVIATE: no trailing space in `currency_position`.
    const cost = (want.components.schemas.CostDetails as { properties: Json }).properties;
    want.components.schemas.CostDetails = { type: 'object', properties: Object.fromEntries(Object.entries(cost).map(([k, v]) => [k.trim(), v])) };
    const got = normalise((await t.http.get(`${NS}/doc`).expect(200)).body, OURS) as typeof want;
    expect(Object.keys(got.paths)).toEqual(Object.keys(want.paths));
    for (const path of Object.keys(want.paths).filter((p) => !pending(p))) {
      expect({ path, data: got.paths[path] }).toEqual({ path, data: want.paths[path] });
    }
    expect({ ...got, paths: {} }).toEqual({ ...want, paths: {} });
  });
});
