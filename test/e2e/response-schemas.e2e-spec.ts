import { declaredNamespaces } from '../../src/resources/resource-registry';
import { ADMIN, BASE, EXAMPLE_BASE, startTestApp, TestApp } from '../support/test-app';
import { addMeta, insertImage, setPostColumns } from './linked-posts-test-helpers';

type Schema = Record<string, any>;
type Json = Record<string, any>;

/**
 * Checks a payload against a Swagger schema, recursively: every key the API returns is declared, every
 * required key is returned, and each value has the declared type. Returns the declared keys the payload
 * left out (paths such as `venue.excerpt`), for the callers that expect a complete record — but not the
 * keys the schema declares optional (`required: false` on the property: left out of the component's
 * `required` list, e.g. an event's `recurrence` and `series`), which are checked only when present.
 */
function conform(value: unknown, schema: Schema, components: Record<string, Schema>, path: string): string[] {
  if (schema.$ref) return conform(value, components[schema.$ref.split('/').pop()], components, path);
  if (schema.allOf) return conform(value, schema.allOf[0], components, path);
  if (schema.oneOf) {
    const kind = (s: Schema): string => (s.$ref ? 'object' : s.type);
    const actual = Array.isArray(value) ? 'array' : typeof value;
    const branch = schema.oneOf.find((s: Schema) => kind(s) === actual);
    expect({ path, value, branch: Boolean(branch) }).toEqual({ path, value, branch: true });
    return conform(value, branch, components, path);
  }
  if (value === null && schema.nullable) return [];
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const declared = { integer: 'number', number: 'number', string: 'string', boolean: 'boolean', array: 'array', object: 'object' }[schema.type as string];
  if (declared) expect({ path, type }).toEqual({ path, type: declared });
  if (schema.type === 'integer') expect({ path, integer: Number.isInteger(value) }).toEqual({ path, integer: true });
  if (schema.enum) expect(schema.enum).toContain(value);
  if (schema.pattern) expect(String(value)).toMatch(new RegExp(schema.pattern));
  if (schema.maxItems !== undefined) expect((value as unknown[]).length).toBeLessThanOrEqual(schema.maxItems);
  if (Array.isArray(value)) return value.flatMap((item, i) => conform(item, schema.items ?? {}, components, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const record = value as Json;
  const missing: string[] = [];
  if (schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    const open = schema.additionalProperties === true; // e.g. an error's `data`: further keys per code
    expect({ path, undeclared: Object.keys(record).filter((k) => !open && !(k in properties)) }).toEqual({ path, undeclared: [] });
    expect({ path, absent: (schema.required ?? []).filter((k: string) => !(k in record)) }).toEqual({ path, absent: [] });
    for (const [key, property] of Object.entries(properties)) {
      const optional = Array.isArray(schema.required) && !schema.required.includes(key);
      if (key in record) missing.push(...conform(record[key], property, components, at(key)));
      else if (!optional) missing.push(at(key));
    }
  } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    for (const [key, item] of Object.entries(record)) missing.push(...conform(item, schema.additionalProperties, components, `${path}.${key}`));
  }
  return missing;
}

describe('response schemas: what the API returns is what Swagger and /doc declare', () => {
  let t: TestApp;
  let swagger: Json;
  const created: Record<'event' | 'venue' | 'organizer' | 'category' | 'tag' | 'series', Json> = {} as never;

  /** The schema Swagger documents for a status of an operation on a path under the namespace. */
  const responseSchema = (path: string, method: string, status: number): Schema =>
    swagger.paths[`${BASE}${path}`]?.[method]?.responses?.[String(status)]?.content?.['application/json']?.schema;

  const check = (body: unknown, schema: Schema) => {
    expect(schema).toBeDefined();
    return conform(body, schema, swagger.components.schemas, '');
  };

  const post = async (collection: string, body: Json) =>
    (await t.http.post(`${BASE}/${collection}`).set('Authorization', ADMIN).send(body).expect(201)).body as Json;

  beforeAll(async () => {
    t = await startTestApp();
    swagger = (await t.http.get('/docs-json').expect(200)).body;
    // Every optional field filled, so that each declared key has a chance to be returned.
    const image = String(await insertImage(t));
    const address = {
      address: '1 Main St',
      city: 'Lyon',
      country: 'France',
      province: 'Rhône',
      state: 'ARA',
      zip: '69001',
      phone: '555',
      stateprovince: 'ARA',
    };
    created.venue = await post('venues', { venue: 'Hall', description: 'A hall', website: 'https://hall.example', image, ...address });
    created.organizer = await post('organizers', {
      organizer: 'Org',
      description: 'An org',
      phone: '555',
      website: 'https://org.example',
      email: 'o@example.org',
      image,
    });
    for (const id of [created.venue.id, created.organizer.id]) await setPostColumns(t, id, { post_excerpt: 'Short' });
    await addMeta(t, created.venue.id, '_VenueLat', '45.76');
    await addMeta(t, created.venue.id, '_VenueLng', '4.83');
    const parent = await post('categories', { name: 'Music' });
    created.category = await post('categories', { name: 'Jazz', description: 'Jazz concerts', parent: parent.id });
    created.tag = await post('tags', { name: 'Outdoor', description: 'Outside' });
    created.event = await post('events', {
      title: 'Concert',
      description: 'A concert',
      excerpt: 'Music',
      start_date: '2030-06-01 20:00:00',
      end_date: '2030-06-01 23:00:00',
      image,
      cost: '10',
      website: 'https://concert.example',
      categories: [created.category.id],
      tags: [created.tag.id],
      venue: created.venue.id,
      organizer: [created.organizer.id],
    });
    // A recurring event (issue #24): the same fields, plus the optional `recurrence` and `series`.
    created.series = await post('events', {
      title: 'Weekly concert',
      start_date: '2030-06-04 20:00:00',
      end_date: '2030-06-04 23:00:00',
      image,
      categories: [created.category.id],
      tags: [created.tag.id],
      venue: created.venue.id,
      organizer: [created.organizer.id],
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', exdate: ['2030-06-11 20:00:00'], rdate: ['2030-06-12 20:00:00'] },
    });
  });
  afterAll(() => t?.close());

  const collections = { event: 'events', venue: 'venues', organizer: 'organizers', category: 'categories', tag: 'tags' } as const;

  it.each(Object.keys(collections) as (keyof typeof collections)[])('a created %s holds exactly the keys its create response declares', (kind) => {
    check(created[kind], responseSchema(`/${collections[kind]}`, 'post', 201));
  });

  it('an event declares `recurrence` and `series` as optional keys (required: false): absent on a plain event, checked when present', async () => {
    const event = swagger.components.schemas.Event;
    expect(event.properties).toHaveProperty('recurrence');
    expect(event.properties).toHaveProperty('series');
    expect(event.required).toContain('title');
    expect(event.required).not.toContain('recurrence');
    expect(event.required).not.toContain('series');
    expect(created.event).not.toHaveProperty('series');
    expect(Object.keys(created.series)).toEqual(expect.arrayContaining(['recurrence', 'series']));
    const createdMissing = check(created.series, responseSchema('/events', 'post', 201));
    expect(createdMissing).not.toContain('recurrence');
    expect(createdMissing).not.toContain('series');
    // Every occurrence carries them, read by ID and in a list; each of their keys is returned.
    const occurrences = (await t.http.get(`${BASE}/events?post_parent=${created.series.id}&start_date=2030-06-01&end_date=2030-07-01`).expect(200)).body;
    expect(occurrences.events).toHaveLength(3);
    check(occurrences, responseSchema('/events', 'get', 200));
    const child = occurrences.events.find((e: Json) => e.id !== created.series.id);
    const read = (await t.http.get(`${BASE}/events/${child.id}`).expect(200)).body;
    expect(read.series).toMatchObject({ id: created.series.id, occurrences: 3 });
    expect(check(read, responseSchema('/events/{id}', 'get', 200))).toEqual([]);
    // A value of the wrong type in an optional key is reported like any other.
    expect(() => check({ ...read, series: { ...read.series, occurrences: '3' } }, responseSchema('/events/{id}', 'get', 200))).toThrow();
  });

  it.each(Object.keys(collections) as (keyof typeof collections)[])('a %s read by ID returns every key its schema declares and no other', async (kind) => {
    const body = (await t.http.get(`${BASE}/${collections[kind]}/${created[kind].id}`).expect(200)).body;
    expect(check(body, responseSchema(`/${collections[kind]}/{id}`, 'get', 200))).toEqual([]);
  });

  it('a tag has no parent (flat taxonomy): `parent` and `urls.up` are declared optional and left out', async () => {
    const term = swagger.components.schemas.Term;
    expect(term.required).not.toContain('parent');
    const tag = (await t.http.get(`${BASE}/tags/${created.tag.id}`).expect(200)).body;
    expect(tag).not.toHaveProperty('parent');
    expect(tag.urls).not.toHaveProperty('up');
    expect((await t.http.get(`${BASE}/categories/${created.category.id}`).expect(200)).body.urls).toHaveProperty('up');
  });

  it.each(Object.values(collections))('a list of %s answers the envelope its schema declares', async (collection) => {
    const query = collection === 'events' ? '?start_date=2030-05-01&end_date=2030-07-01&per_page=1' : '?per_page=1&hide_empty=0';
    const body = (await t.http.get(`${BASE}/${collection}${query}`).expect(200)).body;
    expect(body[collection].length).toBe(1);
    check(body, responseSchema(`/${collection}`, 'get', 200));
  });

  it('writes and deletes answer the record their schema declares', async () => {
    const venue = (await t.http.put(`${BASE}/venues/${created.venue.id}`).set('Authorization', ADMIN).send({ city: 'Paris' }).expect(200)).body;
    // PUT is documented on POST (the same update, docs/swagger.md).
    check(venue, responseSchema('/venues/{id}', 'post', 200));
    const tag = await post('tags', { name: 'Temporary' });
    check((await t.http.delete(`${BASE}/tags/${tag.id}`).set('Authorization', ADMIN).expect(200)).body, responseSchema('/tags/{id}', 'delete', 200));
    const error = (await t.http.get(`${BASE}/venues/999999`).expect(400)).body;
    check(error, responseSchema('/venues/{id}', 'get', 400));
  });

  it('documents a response schema for every GET endpoint of the namespace, and the error shape for its failures', () => {
    const paths = Object.keys(swagger.paths).filter((p) => p === BASE || p.startsWith(`${BASE}/`));
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const operations = swagger.paths[path] as Record<string, { responses: Record<string, { content?: Json }> }>;
      expect({ path, get: Boolean(operations.get?.responses['200']?.content?.['application/json']?.schema) }).toEqual({ path, get: true });
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses).filter(([s]) => Number(s) >= 400)) {
          expect({ path, method, status, schema: response.content?.['application/json']?.schema }).toEqual({
            path,
            method,
            status,
            schema: { $ref: '#/components/schemas/RestError' },
          });
        }
      }
    }
  });

  it('documents a response schema for every GET endpoint of the other declared namespaces too', () => {
    for (const namespace of declaredNamespaces()) {
      const paths = Object.keys(swagger.paths).filter((p) => p.startsWith(`/wp-json/${namespace}/`));
      expect({ namespace, paths: paths.length > 0 }).toEqual({ namespace, paths: true });
      for (const path of paths.filter((p) => swagger.paths[p].get)) {
        expect({ path, get: Boolean(swagger.paths[path].get.responses['200']?.content?.['application/json']?.schema) }).toEqual({ path, get: true });
      }
    }
  });

  it('a resource outside the plugin’s namespace answers what its declared response class says (test/support/series-module)', async () => {
    const series = `${EXAMPLE_BASE}/series`;
    const schema = (path: string, method: string, status: number) => swagger.paths[path][method].responses[String(status)].content['application/json'].schema;
    const created = (await t.http.post(series).set('Authorization', ADMIN).send({ title: 'Talks', description: 'Spring' }).expect(201)).body;
    expect(check(created, schema(series, 'post', 201))).toEqual([]);
    expect(check((await t.http.get(`${series}/${created.id}`).expect(200)).body, schema(`${series}/{id}`, 'get', 200))).toEqual([]);
    check((await t.http.get(series).expect(200)).body, schema(series, 'get', 200));
  });

  it('describes the responses in the request language, as /doc does', async () => {
    const french = (await t.http.get('/docs-json').set('Accept-Language', 'fr').expect(200)).body;
    const doc = (await t.http.get(`/fr${BASE}/doc`).expect(200)).body;
    const description = (document: Json, path: string, status: number) => document.paths[path].get.responses[String(status)].description;
    expect(description(french, `${BASE}/venues/{id}`, 404)).toBe(description(doc, '/venues/{id}', 404));
    expect(description(french, `${BASE}/venues/{id}`, 404)).not.toBe(description(swagger, `${BASE}/venues/{id}`, 404));
  });

  it('/doc documents the same classes: its components in the plugin’s order, each property one the Swagger schema declares', async () => {
    const doc = (await t.http.get(`${BASE}/doc`).expect(200)).body;
    const components = doc.components.schemas as Record<string, { properties: Json }>;
    expect(Object.keys(components)).toEqual(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer']);
    for (const [name, component] of Object.entries(components)) {
      const declared = Object.keys(swagger.components.schemas[name].properties);
      expect({ name, undeclared: Object.keys(component.properties).filter((k) => !declared.includes(k)) }).toEqual({ name, undeclared: [] });
    }
  });
});
