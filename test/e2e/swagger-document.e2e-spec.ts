import { LANGUAGES } from '../../src/i18n/languages';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { createEvent } from './events-write-helpers';

type Json = Record<string, any>;

/**
 * Swagger UI documents every operation (issue #18, docs/swagger.md): a summary and a description, a
 * success schema and the error answers, item updates once (POST; PUT and PATCH do the same),
 * parameters typed as the API accepts them, and the document localized under `/{lang}/docs`.
 */
describe('Swagger document', () => {
  let t: TestApp;
  let swagger: Json;
  const operations = () =>
    Object.entries(swagger.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  beforeAll(async () => {
    t = await startTestApp();
    swagger = (await t.http.get('/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('gives every operation a summary, a description, a success schema and its error answers', () => {
    expect(operations().length).toBeGreaterThanOrEqual(40);
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, summary: typeof operation.summary === 'string' && operation.summary.length > 5 }).toEqual({ where, summary: true });
      expect({ where, description: typeof operation.description === 'string' && operation.description.length > 20 }).toEqual({ where, description: true });
      const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      expect({ where, success: success.length }).toEqual({ where, success: 1 });
      expect({ where, schema: Boolean(operation.responses[success[0]].content?.['application/json']?.schema) }).toEqual({ where, schema: true });
      // The discovery routes take no parameters and need no rights: they answer 200.
      if (!operation.tags.includes('discovery')) {
        const errors = Object.keys(operation.responses).filter((status) => status.startsWith('4'));
        expect({ where, errors: errors.length > 0 }).toEqual({ where, errors: true });
        for (const status of errors) {
          expect({ where, status, schema: operation.responses[status].content['application/json'].schema }).toEqual({
            where,
            status,
            schema: { $ref: '#/components/schemas/RestError' },
          });
        }
      }
      if (method !== 'get') expect({ where, unauthorized: '401' in operation.responses }).toEqual({ where, unauthorized: true });
    }
  });

  it('documents an item update once, on POST, and says PUT and PATCH do the same', () => {
    const item = swagger.paths[`${BASE}/events/{id}`];
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'post']);
    expect(item.post.description).toMatch(/PUT and PATCH/);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ method }) => method === 'put' || method === 'patch')).toEqual([]);
  });

  it('says what DELETE does: trash, force for good with core’s answer; terms and webhooks for good', () => {
    const remove = swagger.paths[`${BASE}/events/{id}`].delete;
    expect(remove.summary).toMatch(/Trash an event/);
    expect(remove.description).toMatch(/force=true/);
    const answer = remove.responses['200'].content['application/json'].schema;
    expect(answer.oneOf).toEqual([
      { $ref: '#/components/schemas/Event' },
      expect.objectContaining({ properties: { deleted: { type: 'boolean', enum: [true] }, previous: { $ref: '#/components/schemas/Event' } } }),
    ]);
    expect(Object.keys(remove.responses)).toContain('410');
    const term = swagger.paths[`${BASE}/categories/{id}`].delete;
    expect(term.summary).toBe('Delete an event category by ID');
    expect(Object.keys(term.responses)).not.toContain('410');
    expect(Object.keys(swagger.paths['/wp-json/eca/v1/webhooks'].get.responses)).toContain('401');
  });

  it('types parameters as the API accepts them: term lists take IDs or slugs, status a string or an array, images an ID or a URL', () => {
    const list = Object.fromEntries((swagger.paths[`${BASE}/events`].get.parameters as Json[]).map((p) => [p.name, p]));
    for (const name of ['categories', 'tags']) {
      expect(list[name].schema).toEqual({ type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'string' }] } });
      expect(list[name]).toMatchObject({ style: 'form', explode: false });
    }
    expect(list.venue.schema).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(list.status.schema.oneOf.map((s: Json) => s.type)).toEqual(['string', 'array']);
    // Swagger UI sends defaults: a radius without its centre would be refused, so none is declared.
    expect(list.geoloc_radius.schema.default).toBeUndefined();
    const create = swagger.components.schemas.EventCreateArgs.properties;
    expect(create.image.oneOf.map((s: Json) => s.type)).toEqual(['integer', 'string']);
    expect(create.categories.items.oneOf.map((s: Json) => s.type)).toEqual(['integer', 'string']);
    expect(create.venue.oneOf.map((s: Json) => s.type)).toEqual(['integer', 'object', 'array']);
    expect(create.title.description).toBe('The event title');
    // WordPress's global parameters, on every operation (docs/global-params.md).
    const single = swagger.paths[`${BASE}/venues/{id}`].delete.parameters as Json[];
    for (const params of [Object.values(list) as Json[], single]) expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(['_fields', '_envelope']));
  });

  it('serves the UI and its document under every language prefix, descriptions translated', async () => {
    for (const language of LANGUAGES) {
      expect((await t.http.get(`/${language}/docs/`).expect(200)).text).toContain('swagger-ui');
      const doc = (await t.http.get(`/${language}/docs-json`).expect(200)).body;
      expect(Object.keys(doc.paths)).toEqual(Object.keys(swagger.paths));
    }
    const french = (await t.http.get('/fr/docs-json').expect(200)).body;
    const pageOf = (doc: Json) => (doc.paths[`${BASE}/events`].get.parameters as Json[]).find((p) => p.name === 'page')!;
    expect(pageOf(french).description).toBe('Page de résultats à renvoyer');
    // The prefix wins over the header, as on /{lang}/wp-json.
    const german = (await t.http.get('/de/docs-json').set('Accept-Language', 'fr').expect(200)).body;
    expect(pageOf(german).description).toBe('Zurückzugebende Ergebnisseite');
  });

  it('a force delete answers what the second branch documents', async () => {
    const event = await createEvent(t, { title: 'Documented Delete' });
    const body = (await t.http.delete(`${BASE}/events/${event.id}?force=true`).set('Authorization', ADMIN).expect(200)).body;
    const branch = swagger.paths[`${BASE}/events/{id}`].delete.responses['200'].content['application/json'].schema.oneOf[1];
    expect(Object.keys(body).sort()).toEqual(Object.keys(branch.properties).sort());
    const eventSchema = swagger.components.schemas.Event;
    expect(Object.keys(body.previous).filter((key) => !(key in eventSchema.properties))).toEqual([]);
  });
});
