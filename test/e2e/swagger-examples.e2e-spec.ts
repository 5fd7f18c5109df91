import { ADMIN, startTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;
interface Operation {
  path: string;
  method: string;
  operation: Json;
}

/**
 * Swagger UI's first hour (issue #31): "Try it out" starts from the document's examples, so each must
 * succeed as it is — POST /events used to start from a body made up from the types (`"date": "string"`,
 * refused on 7 parameters) — and the events come first among the groups.
 */
describe('Swagger examples and group order', () => {
  let t: TestApp;
  let swagger: Json;
  let operations: Operation[];
  const bodyExample = (operation: Json) => operation.requestBody?.content?.['application/json']?.example as Json | undefined;
  const fill = (path: string, values: Json) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));

  beforeAll(async () => {
    t = await startTestApp();
    swagger = (await t.http.get('/docs-json').expect(200)).body;
    operations = Object.entries(swagger.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  });
  afterAll(() => t?.close());

  it('puts the events first, then the plugin’s other collections, the service’s own, and discovery last', () => {
    const tags = (swagger.tags as { name: string }[]).map((tag) => tag.name);
    expect(tags.slice(0, 5)).toEqual(['events', 'venues', 'organizers', 'categories', 'tags']);
    expect(tags[tags.length - 1]).toBe('discovery');
    // Every group of an operation is listed, once.
    const used = new Set(operations.flatMap(({ operation }) => operation.tags as string[]));
    expect([...tags].sort()).toEqual([...used].sort());
  });

  it('keeps the order under a language prefix', async () => {
    const french = (await t.http.get('/fr/docs-json').expect(200)).body;
    expect(french.tags).toEqual(swagger.tags);
    expect(bodyExample(french.paths['/wp-json/tribe/events/v1/events'].post)).toEqual(bodyExample(swagger.paths['/wp-json/tribe/events/v1/events'].post));
  });

  it('gives every input an operation takes an example: its body and its path parameters', () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operations) {
      if (operation.requestBody && !bodyExample(operation)) missing.push(`${method.toUpperCase()} ${path}: body`);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.example === undefined) missing.push(`${method.toUpperCase()} ${path}: ${parameter.name}`);
      }
    }
    expect(missing).toEqual([]);
    // Operations with no required input (lists, discovery) are tried as they are.
    for (const { operation } of operations)
      for (const parameter of operation.parameters ?? []) if (parameter.in === 'query') expect(parameter.required).toBe(false);
  });

  it('POST /events with its example body, sent as is, creates the event', async () => {
    const post = swagger.paths['/wp-json/tribe/events/v1/events'].post;
    const res = await t.http.post('/wp-json/tribe/events/v1/events').set('Authorization', ADMIN).send(bodyExample(post)!);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 201, code: undefined });
    expect(res.body).toMatchObject({ title: 'Jazz in the park', status: 'publish', timezone: 'Europe/Paris' });
    expect(res.body.venue.venue).toBe('Park bandstand');
    expect(res.body.organizer.map((o: Json) => o.organizer)).toEqual(['Friends of jazz']);
  });

  it('every example succeeds as it is: each create, then its update, read and by-slug read of what it created', async () => {
    const answers: string[] = [];
    // An example that makes the service fetch a feed elsewhere (an import, a subscription) needs a network this test does not have.
    const creates = operations.filter(
      ({ method, path, operation }) => method === 'post' && !path.includes('{') && bodyExample(operation) && !operation['x-example-fetches-url'],
    );
    expect(
      operations
        .filter(({ operation }) => operation['x-example-fetches-url'])
        .map(({ path }) => path)
        .sort(),
    ).toEqual(['/wp-json/eca/v1/import-feeds', '/wp-json/eca/v1/import-feeds/{id}', '/wp-json/eca/v1/imports']);
    expect(creates.length).toBeGreaterThanOrEqual(7);
    for (const create of creates) {
      const created = await t.http.post(create.path).set('Authorization', ADMIN).send(bodyExample(create.operation)!);
      answers.push(`POST ${create.path} ${created.status}`);
      if (created.status !== 201) continue;
      const id = created.body.id as number;
      for (const { path, method, operation } of operations.filter((o) => o.path.startsWith(`${create.path}/{`) && o.method !== 'delete')) {
        const slug = operation.parameters?.find((p: Json) => p.name === 'slug')?.example;
        if (slug !== undefined) expect({ path, slug }).toEqual({ path, slug: created.body.slug });
        const url = fill(path, { id, slug });
        const res =
          method === 'post'
            ? await t.http.post(url).set('Authorization', ADMIN).send(bodyExample(operation)!)
            : await t.http.get(url).set('Authorization', ADMIN);
        answers.push(`${method.toUpperCase()} ${path} ${res.status}`);
      }
    }
    expect(answers.filter((answer) => !/ 20[01]$/.test(answer))).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(20);
  });
});
