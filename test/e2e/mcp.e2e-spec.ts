import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ChangesRepository } from '../../src/changes/repository/changes.repository';
import { SeriesModule } from '../support/series-module/series.module';
import { ADMIN, BASE, basic, SITE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { countRows, EVENTS } from './events-write-helpers';
import { callTool, mcpClient, mcpUrl } from './mcp-test-helpers';

type Tool = Awaited<ReturnType<Client['listTools']>>['tools'][number];

/** What the summary line of a summarized answer ends with. */
const SUMMARY_NOTE = ' A summary: `full: true` answers the whole record(s), `_fields` the keys named.';

/** The tool an index route's endpoint is, by the naming contract of docs/mcp.md: `<collection>_<verb>[_<segment>]`. */
function toolNameOf(pattern: string, namespace: string, methods: string[]): string | undefined {
  const segments = pattern
    .slice(namespace.length + 1)
    .replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}')
    .split('/')
    .filter(Boolean);
  if (!segments.length || segments[0] === 'doc') return undefined;
  const params = segments.filter((s) => s.startsWith('{'));
  const extra = segments.slice(1).filter((s) => !s.startsWith('{'));
  const method = methods[0];
  const verb = method === 'GET' ? (params.length ? 'get' : 'list') : method === 'DELETE' ? 'delete' : params.length ? 'update' : 'create';
  return [segments[0], verb, ...extra.map((s) => s.replace(/-/g, '_'))].join('_');
}

/**
 * The MCP endpoint (docs/mcp.md) with the SDK's own client over HTTP against the real app: the tools
 * are the namespace index's endpoints with their declared arguments, each call is the REST request
 * with the REST API's rules and answers.
 */
describe('the MCP server at /mcp', () => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  const lastCursor = () => t.app.get(ChangesRepository).lastCursor();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await mcpClient(t, ADMIN);
    anonymous = await mcpClient(t);
  });
  afterAll(async () => {
    await admin?.close();
    await anonymous?.close();
    await t?.close();
  });

  it('lists one tool per endpoint of the namespace indexes (writes by slug aside), its input schema the endpoint’s declared arguments', async () => {
    const tools = new Map<string, Tool>((await admin.listTools()).tools.map((tool) => [tool.name, tool]));
    const expected: string[] = [];
    const summarized = ['events', 'venues', 'organizers', 'categories', 'tags'];
    // Every namespace the REST root index lists: the plugin's, the service's (eca/v1) and any a module declares.
    for (const namespace of (await t.http.get('/wp-json/').expect(200)).body.namespaces.map((ns: string) => `/${ns}`)) {
      const index = (await t.http.get(`/wp-json${namespace}`).expect(200)).body;
      for (const [pattern, route] of Object.entries<any>(index.routes)) {
        for (const endpoint of route.endpoints) {
          const name = toolNameOf(pattern, namespace, endpoint.methods);
          // A write by slug is the same write by ID (docs/mcp.md "Tools"): read by slug, write by ID.
          if (!name || /_(update|delete)_by_slug$/.test(name)) continue;
          expected.push(name);
          const tool = tools.get(name);
          expect({ name, found: tool !== undefined }).toEqual({ name, found: true });
          const args = Array.isArray(endpoint.args) ? {} : (endpoint.args as Record<string, any>);
          const properties = tool!.inputSchema.properties as Record<string, any>;
          const group = name.split('_')[0];
          expect(Object.keys(properties)).toEqual([...Object.keys(args), '_fields', ...(summarized.includes(group) ? ['full'] : [])]);
          // An update's arguments are described by its create tool, a read by slug's by the read by ID.
          const describedElsewhere = /_update$|_by_slug$/.test(name) && tools.has(name.endsWith('_by_slug') ? name.replace('_by_slug', '') : `${group}_create`);
          for (const [arg, declared] of Object.entries<any>(args)) {
            const path = pattern.includes(`(?P<${arg}>`);
            if (!describedElsewhere || path) expect({ arg, description: properties[arg].description }).toEqual({ arg, description: declared.description });
            else expect({ arg, description: properties[arg].description }).toEqual({ arg, description: undefined });
            if (declared.enum) expect(properties[arg].enum ?? properties[arg].items.enum).toEqual(declared.enum);
            if (declared.type && declared.type !== 'array') expect({ arg, type: properties[arg].type }).toEqual({ arg, type: declared.type });
          }
          // A path argument addresses the record: always required (a by-slug body `slug` declared as optional included).
          const required = Object.keys(args).filter((arg) => args[arg].required || pattern.includes(`(?P<${arg}>`));
          expect(tool!.inputSchema.required ?? []).toEqual(required);
          const method = endpoint.methods[0];
          expect(tool!.annotations).toMatchObject(
            method === 'GET'
              ? { readOnlyHint: true }
              : method === 'DELETE'
                ? { readOnlyHint: false, destructiveHint: true }
                : { readOnlyHint: false, destructiveHint: false },
          );
        }
      }
    }
    expect([...tools.keys()].sort()).toEqual([...expected].sort());
    expect(expected).toEqual(
      expect.arrayContaining(['events_list', 'events_get_by_slug', 'venues_create', 'categories_update', 'tags_delete', 'changes_list']),
    );
    // The validated type is what an assistant should send: IDs and slugs mixed in a term filter.
    expect(tools.get('events_list')!.inputSchema.properties!.categories).toMatchObject({
      type: 'array',
      items: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object' }] },
    });
  });

  it('describes the arguments in the language of the prefix, as the index under it does', async () => {
    const french = await mcpClient(t, undefined, '/fr/mcp');
    const tool = (await french.listTools()).tools.find((x) => x.name === 'events_list')!;
    const index = (await t.http.get(`/fr${BASE}`).expect(200)).body;
    const declared = index.routes['/tribe/events/v1/events'].endpoints[0].args.start_date.description;
    expect((tool.inputSchema.properties as any).start_date.description).toBe(declared);
    expect(declared).not.toBe('Events should start after the specified date');
    await french.close();
  });

  it('does the README’s first calls, each answered with the API’s own JSON', async () => {
    const category = await callTool(admin, 'categories_create', { name: 'Concerts' });
    expect(category).toMatchObject({ isError: false, json: { name: 'Concerts', slug: 'concerts' } });
    expect(category.summary).toBe(`categories_create: HTTP 201, "Concerts" (ID ${category.json.id}).${SUMMARY_NOTE}`);
    const tag = await callTool(admin, 'tags_create', { name: 'Outdoor' });
    const venue = await callTool(admin, 'venues_create', { venue: 'Riverside Hall', address: '1 Quay Street', city: 'Lyon', country: 'France' });
    const organizer = await callTool(admin, 'organizers_create', { organizer: 'Lyon Jazz Club', email: 'hello@jazz.example.org' });
    expect([tag.isError, venue.isError, organizer.isError]).toEqual([false, false, false]);

    const created = await callTool(admin, 'events_create', {
      title: 'Jazz on the River',
      start_date: '2031-06-21 20:00:00',
      end_date: '2031-06-21 23:00:00',
      timezone: 'Europe/Paris',
      venue: venue.json.id,
      organizer: [organizer.json.id],
      categories: ['concerts'],
      tags: ['outdoor'],
      cost: '15',
      image: 'https://images.example.org/jazz.jpg',
      status: 'publish',
      full: true,
    });
    expect(created.isError).toBe(false);
    const event = created.json;
    expect(event).toMatchObject({ title: 'Jazz on the River', slug: 'jazz-on-the-river', cost: '$15', venue: { venue: 'Riverside Hall' } });
    expect(event.organizer.map((o: any) => o.organizer)).toEqual(['Lyon Jazz Club']);
    // The same record as REST answers it.
    expect((await callTool(anonymous, 'events_get', { id: event.id, full: true })).json).toEqual((await t.http.get(`${EVENTS}/${event.id}`).expect(200)).body);

    // Filters as the event list takes them: a category by slug, dates in words the API parses.
    const list = await callTool(anonymous, 'events_list', { categories: ['concerts'], start_date: 'January 1, 2031', end_date: '2031-12-31' });
    expect(list.json.events.map((e: any) => e.id)).toEqual([event.id]);
    expect(list.summary).toBe(`events_list: HTTP 200, 1 events on this page of 1 in all.${SUMMARY_NOTE}`);
    expect(
      (await callTool(anonymous, 'events_list', { venue: [venue.json.id], featured: false, start_date: '2031-06-01', end_date: 'June 30, 2031' })).json.total,
    ).toBe(1);
    expect((await callTool(anonymous, 'events_list', { tags: ['outdoor'] })).json.total).toBe(0); // past the default window

    const bySlug = await callTool(anonymous, 'events_get_by_slug', { slug: 'jazz-on-the-river', full: true });
    expect(bySlug.json.cost_details.values).toEqual(['15']);
    for (const [tool, record] of [
      ['venues_get', venue],
      ['organizers_get', organizer],
      ['categories_get', category],
      ['tags_get', tag],
    ] as const) {
      expect((await callTool(anonymous, tool, { id: record.json.id })).json.id).toBe(record.json.id);
    }

    expect((await callTool(admin, 'events_update', { id: event.id, cost: '12-20' })).json.cost).toBe('$12 – $20');
    const trashed = await callTool(admin, 'events_delete', { id: event.id });
    expect(trashed.json.status).toBe('trash');
    expect(trashed.summary).toBe(`events_delete: HTTP 200, "Jazz on the River" (ID ${event.id}, trash) ${event.rest_url}.${SUMMARY_NOTE}`);
    expect((await callTool(admin, 'events_update', { id: event.id, status: 'publish' })).json.status).toBe('publish');

    // The record at its rest_url is a resource, read as the caller reads it.
    const templates = (await anonymous.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate);
    expect(templates).toContain(`${SITE}${BASE}/events/{id}`);
    const resource = await anonymous.readResource({ uri: event.rest_url });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).id).toBe(event.id);

    const gone = await callTool(admin, 'events_delete', { id: event.id, force: true });
    expect(gone.json).toMatchObject({ deleted: true, previous: { id: event.id } });
    expect((await callTool(anonymous, 'events_get', { id: event.id })).json.code).toBe((await t.http.get(`${EVENTS}/${event.id}`)).body.code);
  });

  it('answers a bad parameter as a tool error with the REST reason, and stores nothing', async () => {
    const posts = await countRows(t, 'posts');
    const cursor = await lastCursor();
    const body = { title: 'Typo', start_date: 'next tuesdya', end_date: '2031-06-21 23:00:00' };
    const typo = await callTool(admin, 'events_create', body);
    const rest = (await t.http.post(EVENTS).set('Authorization', ADMIN).send(body).expect(400)).body;
    expect(typo).toMatchObject({ isError: true, json: rest });
    expect(typo.summary).toBe(`events_create: HTTP 400 ${rest.code}: ${rest.message} (start_date: ${rest.data.params.start_date})`);
    expect(rest.data.params.start_date).toContain('next tuesdya');

    const noVenue = { title: 'Nowhere', start_date: 'tomorrow 18:00', end_date: 'tomorrow 20:00', venue: 987654 };
    const unknown = await callTool(admin, 'events_create', noVenue);
    expect(unknown.isError).toBe(true);
    expect(unknown.json).toEqual((await t.http.post(EVENTS).set('Authorization', ADMIN).send(noVenue)).body);
    expect(unknown.json.data.status).toBe(400);

    // A record tool without its ID would address the collection: refused as a missing parameter.
    const missing = await callTool(admin, 'events_update', { title: 'Where?' });
    expect(missing).toMatchObject({ isError: true, json: { code: 'rest_missing_callback_param', data: { params: ['id'] } } });
    expect(await countRows(t, 'posts')).toBe(posts);
    expect(await lastCursor()).toBe(cursor);
  });

  it('applies the REST permissions of each role', async () => {
    const subscriber = await mcpClient(t, (await userWithRole(t, 'subscriber')).auth);
    const author = await mcpClient(t, (await userWithRole(t, 'author')).auth);
    const contributor = await mcpClient(t, (await userWithRole(t, 'contributor')).auth);
    const event = { title: 'Board meeting', start_date: '2031-03-01 10:00', end_date: '2031-03-01 12:00', status: 'publish' };

    const posts = await countRows(t, 'posts');
    const refused = await callTool(subscriber, 'events_create', event);
    expect(refused.isError).toBe(true);
    expect(refused.json.data.status).toBe(403);
    expect(await countRows(t, 'posts')).toBe(posts);

    const adminEvent = (await callTool(admin, 'events_create', event)).json;
    const edit = await callTool(author, 'events_update', { id: adminEvent.id, title: 'Mine now' });
    expect(edit).toMatchObject({ isError: true, json: { data: { status: 403 } } });
    expect((await t.http.get(`${EVENTS}/${adminEvent.id}`).expect(200)).body.title).toBe('Board meeting');
    expect((await callTool(author, 'events_delete', { id: adminEvent.id })).json.data.status).toBe(403);

    // A contributor may write, but not publish: its event waits for review.
    expect((await callTool(contributor, 'events_create', { ...event, title: 'Pending talk' })).json.status).toBe('pending');

    const draft = (await callTool(admin, 'events_create', { ...event, title: 'Secret draft', status: 'draft' })).json;
    const window = { start_date: '2031-01-01', end_date: '2031-12-31' };
    const seenByAnonymous = (await callTool(anonymous, 'events_list', window)).json.events.map((e: any) => e.title);
    expect(seenByAnonymous).toContain('Board meeting');
    expect(seenByAnonymous).not.toContain('Secret draft');
    expect(seenByAnonymous).not.toContain('Pending talk');
    const hidden = await callTool(anonymous, 'events_get', { id: draft.id });
    expect(hidden.json).toEqual((await t.http.get(`${EVENTS}/${draft.id}`)).body);
    expect(hidden.isError).toBe(true);
    expect((await callTool(admin, 'events_get', { id: draft.id })).json.status).toBe('draft');

    const anonymousWrite = await callTool(anonymous, 'tags_create', { name: 'Nope' });
    expect(anonymousWrite).toMatchObject({ isError: true, json: { data: { status: 401 } } });
    for (const client of [subscriber, author, contributor]) await client.close();
  });

  it('reads the change feed after a cursor', async () => {
    const from = await lastCursor();
    const tag = (await callTool(admin, 'tags_create', { name: 'Feed' })).json;
    await callTool(admin, 'tags_delete', { id: tag.id });
    const feed = await callTool(anonymous, 'changes_list', { after: from });
    expect(feed.json.changes.map((c: any) => `${c.type}:${c.id}:${c.action}`)).toEqual([`tag:${tag.id}:created`, `tag:${tag.id}:deleted`]);
    expect(feed.json.next_cursor).toBe(from + 2);
    expect(feed.summary).toBe('changes_list: HTTP 200, 2 changes on this page.');
  });

  it('refuses bad credentials with the road’s 401, and answers only POST', async () => {
    const url = await mcpUrl(t);
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { Authorization: basic('admin', 'wrong password'), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code?: string }).code).toBeDefined();
    const get = await fetch(url, { headers: { Accept: 'text/event-stream' } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await fetch(new URL('/not-a-language/mcp', url), { method: 'POST' })).status).toBe(404);
  });
});

describe('the MCP tools of a resource module added later', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [SeriesModule] });
  });
  afterAll(() => t?.close());

  it('come from its declarations alone, and run its rules', async () => {
    const client = await mcpClient(t, ADMIN);
    const tools = (await client.listTools()).tools.filter((tool) => tool.name.startsWith('series_'));
    expect(tools.map((tool) => tool.name)).toEqual(['series_list', 'series_create', 'series_get', 'series_delete', 'series_update']);
    expect((tools[1].inputSchema.properties as any).title.description).toBe('The series title');
    const created = await callTool(client, 'series_create', { title: 'Autumn' });
    expect(created.isError).toBe(false);
    const read = await callTool(client, 'series_get', { id: created.json.id });
    const routes = Object.keys((await t.http.get('/wp-json/').expect(200)).body.routes);
    const collection = routes.find((route) => route.endsWith('/series'))!;
    expect(read.json).toEqual((await t.http.get(`/wp-json${collection}/${created.json.id}`).expect(200)).body);
    const anonymous = await mcpClient(t);
    expect((await callTool(anonymous, 'series_create', { title: 'No' })).json.data.status).toBe(401);
    await client.close();
    await anonymous.close();
  });
});
