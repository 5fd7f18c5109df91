import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { ChangesRepository } from '../../src/changes/repository/changes.repository';
import { ADMIN, BASE, SITE, startTestApp, TestApp } from '../support/test-app';
import { countRows, EVENTS } from './events-write-helpers';
import { callTool, mcpClient, mcpUrl, postMcp } from './mcp-test-helpers';

/**
 * The MCP endpoint against an assistant that is tricked or careless, and for one with a small context
 * (issue 31, items 1–4): read-only tools never write, other sites' pages are refused, malformed params
 * are Invalid params, answers are summaries unless the whole record is asked for.
 */
describe('the MCP server, hardened', () => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  let venueId: number;
  const events: Record<string, any>[] = [];
  const lastCursor = () => t.app.get(ChangesRepository).lastCursor();

  /** What a write would change: the change feed's cursor, the posts, and one event as REST reads it. */
  async function writtenState(id: number) {
    return { cursor: await lastCursor(), posts: await countRows(t, 'posts'), event: (await t.http.get(`${EVENTS}/${id}`).set('Authorization', ADMIN)).body };
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = await mcpClient(t, ADMIN);
    anonymous = await mcpClient(t);
    venueId = (
      await t.http
        .post(`${BASE}/venues`)
        .set('Authorization', ADMIN)
        .send({ venue: 'Riverside Hall', address: '1 Quay Street', city: 'Lyon', country: 'France' })
        .expect(201)
    ).body.id;
    const organizer = (
      await t.http.post(`${BASE}/organizers`).set('Authorization', ADMIN).send({ organizer: 'Lyon Jazz Club', email: 'hello@jazz.example.org' }).expect(201)
    ).body.id;
    for (let day = 1; day <= 9; day++) {
      const body = {
        title: `Jazz on the River, night ${day}`,
        description: `<p>${'An evening of jazz by the water, with guests from all over the region. '.repeat(8)}</p>`,
        excerpt: 'An evening of jazz by the water.',
        start_date: `2031-06-0${day} 20:00:00`,
        end_date: `2031-06-0${day} 23:00:00`,
        timezone: 'Europe/Paris',
        venue: venueId,
        organizer: [organizer],
        categories: ['Concerts', 'Jazz'],
        tags: ['Outdoor'],
        cost: '15',
        status: 'publish',
      };
      events.push((await t.http.post(EVENTS).set('Authorization', ADMIN).send(body).expect(201)).body);
    }
  });
  afterAll(async () => {
    await admin?.close();
    await anonymous?.close();
    await t?.close();
  });

  describe('read-only tools never write', () => {
    it('refuses the issue’s three tricks, and nothing is written', async () => {
      const { id } = events[0];
      const before = await writtenState(id);
      const trashing = admin.callTool({ name: 'events_get', arguments: { id, _method: 'DELETE' } });
      const creating = admin.callTool({
        name: 'events_list',
        arguments: { _method: 'POST', title: 'Created by a read', start_date: '2031-06-01', end_date: '2031-06-02' },
      });
      const reads = [`${events[0].rest_url}?_method=DELETE`, `${events[0].rest_url}?%5Fmethod=DELETE`].map((uri) =>
        admin.readResource({ uri }).catch((error: unknown) => error),
      );
      const [trashed, created, ...read] = await Promise.all([trashing, creating, ...reads]);
      expect(await writtenState(id)).toEqual(before);

      // Each refused, saying why.
      const json = (result: typeof trashed) => JSON.parse((result.content as { text: string }[])[1].text);
      expect([trashed.isError, created.isError]).toEqual([true, true]);
      expect(json(trashed)).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { _method: '_method is not an argument of events_get: its input schema lists what it takes.' } },
      });
      expect(Object.keys(json(created).data.params)).toEqual(['_method', 'title']);
      for (const error of read) expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('`_method` is not accepted') });

      // A method override on the MCP request itself reaches no tool call, and moves it nowhere else.
      const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'events_get', arguments: { id } } };
      const overridden = await postMcp(t, call, { Authorization: ADMIN, 'X-HTTP-Method-Override': 'DELETE' });
      expect(overridden.status).toBe(405);
      expect((await postMcp(t, call, { Authorization: ADMIN }, '?_method=DELETE')).status).toBe(405);
      expect(await writtenState(id)).toEqual(before);
    });

    it('sends what any argument names and values say as a GET that writes nothing (property)', async () => {
      const { id } = events[1];
      const before = await writtenState(id);
      const methods = fc.constantFrom('DELETE', 'POST', 'PUT', 'PATCH', 'delete', 'Post');
      const names = fc.oneof(
        fc.constantFrom('_method', '_METHOD', '%5Fmethod', 'X-HTTP-Method-Override', 'x-http-method-override', '_envelope', 'force', 'status', 'title'),
        fc.string({ maxLength: 12 }),
      );
      // Values that try to add a parameter of their own: in a value, in a nested key, in a list.
      const values = fc.oneof(
        methods,
        methods.map((m) => `x&_method=${m}`),
        methods.map((m) => ({ [`x]&_method=${m}&y`]: m })),
        methods.map((m) => [`a&_method=${m}`]),
        fc.jsonValue({ maxDepth: 2 }),
      );
      // Declared filters with hostile values, and any other name at all.
      const declared = fc.record({ search: values, categories: values, start_date: values }, { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('events_get', 'events_list', 'venues_get', 'categories_list'),
          declared,
          fc.dictionary(names, values, { maxKeys: 3 }),
          async (tool, filters, extra) => {
            const args = { ...(tool.endsWith('_get') ? { id: tool === 'venues_get' ? venueId : id } : filters), ...extra };
            const result = await admin.callTool({ name: tool, arguments: args });
            expect(result.content).toBeDefined();
          },
        ),
        { numRuns: 60 },
      );
      expect(await writtenState(id)).toEqual(before);
    });

    it('declares exactly what it sends: the input schema lists every argument a call may give', async () => {
      const tools = (await admin.listTools()).tools;
      for (const tool of tools)
        expect({ tool: tool.name, additionalProperties: tool.inputSchema.additionalProperties }).toEqual({ tool: tool.name, additionalProperties: false });
      const get = tools.find((tool) => tool.name === 'events_get')!;
      expect(Object.keys(get.inputSchema.properties!)).toEqual(['id', 'password', '_fields', 'full']);
    });
  });

  describe('Origin (DNS rebinding)', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
    };

    it('refuses a page of another site with 403 and a JSON-RPC error, and lets non-browser clients and the site’s own pages in', async () => {
      const rebound = await postMcp(t, initialize, { Origin: 'http://rebind.example' });
      expect(rebound.status).toBe(403);
      expect(rebound.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('CORS_ORIGINS') }, id: null });
      const stream = await fetch(await mcpUrl(t), { headers: { Accept: 'text/event-stream', Origin: 'http://rebind.example' } });
      expect(stream.status).toBe(403);

      expect((await postMcp(t, initialize)).status).toBe(200);
      expect((await postMcp(t, initialize, { Origin: SITE })).status).toBe(200);
      expect((await postMcp(t, initialize, { Origin: 'null' })).status).toBe(403);
    });

    it('lets in the origins of CORS_ORIGINS', async () => {
      const cors = await startTestApp({ env: { CORS_ORIGINS: 'https://app.example.org' } });
      try {
        expect((await postMcp(cors, initialize, { Origin: 'https://app.example.org' })).status).toBe(200);
        expect((await postMcp(cors, initialize, { Origin: 'https://evil.example.org' })).status).toBe(403);
      } finally {
        await cors.close();
      }
    });

    it('takes the request’s own origin only on a loopback address when the site’s address follows the request', async () => {
      const standalone = await startTestApp({ env: { SITE_URL: '' } });
      try {
        const url = await mcpUrl(standalone);
        expect((await postMcp(standalone, initialize, { Origin: url.origin })).status).toBe(200);
        // A rebound name: Host and Origin agree, and prove nothing.
        expect((await postMcp(standalone, initialize, { Origin: 'http://rebind.example:3000', Host: 'rebind.example:3000' })).status).toBe(403);
      } finally {
        await standalone.close();
      }
    });
  });

  describe('malformed params', () => {
    it('answers -32602 with what to send, never -32603 with the validator’s dump', async () => {
      const call = (params: unknown) => postMcp(t, { jsonrpc: '2.0', id: 7, method: 'tools/call', params });
      for (const params of [
        { name: 'events_list', arguments: 'x' },
        { name: 'events_list', arguments: [1] },
        { name: 'events_list', arguments: null },
      ]) {
        const { status, body } = await call(params);
        expect([status, body.id, body.error.code]).toEqual([200, 7, -32602]);
        expect(body.error.message).toBe('Invalid params of tools/call: params.arguments must be an object of the tool’s arguments by name, e.g. {"id": 12}.');
      }
      const noName = (await call({ arguments: {} })).body;
      expect(noName.error).toEqual({ code: -32602, message: 'Invalid params of tools/call: params.name must be the name of a tool (tools/list lists them).' });
      const read = (await postMcp(t, { jsonrpc: '2.0', id: 8, method: 'resources/read', params: { uri: 42 } })).body;
      expect(read.error.code).toBe(-32602);
      expect(read.error.message).toContain('params.uri must be a URL');
    });
  });

  describe('answers an assistant can hold', () => {
    it('lists the tools in at most 32 KB, with `_fields`, `full`, the status values and one venue declared', async () => {
      const list = await admin.listTools();
      // 40 tools here (the test series module's 5 included); 51 KB for 44 before (docs/mcp.md "Sizes"). A
      // resource mounted besides (npm run generate) may add its tools at the same 800 bytes a tool.
      expect(list.tools.length).toBeGreaterThanOrEqual(40);
      expect(JSON.stringify(list).length).toBeLessThanOrEqual(800 * Math.max(40, list.tools.length));
      const schema = (name: string) => list.tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, any>;
      expect(schema('events_list')._fields).toMatchObject({ type: 'string' });
      expect(schema('events_list').full).toMatchObject({ type: 'boolean' });
      expect(schema('events_create').status.enum).toEqual(['publish', 'future', 'draft', 'pending', 'private']);
      expect(schema('venues_update').status.enum).toEqual(['publish', 'future', 'draft', 'pending', 'private']);
      expect(schema('events_list').status.items.enum).toEqual(expect.arrayContaining(['publish', 'draft', 'trash', 'any']));
      expect(schema('events_create').venue).toEqual({
        anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object' }],
        description: 'The event venue: an ID, an {id} object or a venue to create',
      });
    });

    it('answers an event in at most 2 KB and a list of 9 in at most 5 KB, the JSON once; `full` and `_fields` on asking', async () => {
      const event = events[0];
      const result = await admin.callTool({ name: 'events_get', arguments: { id: event.id } });
      expect(JSON.stringify(result).length).toBeLessThanOrEqual(2_000);
      expect(result.structuredContent).toBeUndefined();
      const summary = JSON.parse((result.content as { text: string }[])[1].text);
      expect(summary).toEqual({
        id: event.id,
        title: event.title,
        status: 'publish',
        start_date: '2031-06-01 20:00:00',
        end_date: '2031-06-01 23:00:00',
        all_day: false,
        timezone: 'Europe/Paris',
        venue: { id: venueId, venue: 'Riverside Hall' },
        organizer: [{ id: event.organizer[0].id, organizer: 'Lyon Jazz Club' }],
        categories: [{ name: 'Concerts' }, { name: 'Jazz' }],
        tags: [{ name: 'Outdoor' }],
        cost: '$15',
        url: event.url,
      });

      const window = { start_date: '2031-06-01', end_date: '2031-06-30' };
      const list = await anonymous.callTool({ name: 'events_list', arguments: window });
      expect(JSON.stringify(list).length).toBeLessThanOrEqual(5_000);
      const page = JSON.parse((list.content as { text: string }[])[1].text);
      expect(page.events.map((e: any) => e.id)).toEqual(events.map((e) => e.id));
      expect(page).toMatchObject({ total: 9, total_pages: 1 });

      // The whole record, as REST answers it; or the keys asked for.
      const rest = (await t.http.get(`${EVENTS}/${event.id}`).expect(200)).body;
      expect((await callTool(anonymous, 'events_get', { id: event.id, full: true })).json).toEqual(rest);
      expect((await callTool(anonymous, 'events_list', { ...window, _fields: 'events.id,total' })).json).toEqual({
        events: events.map((e) => ({ id: e.id })),
        total: 9,
      });
      expect(
        (await callTool(admin, 'events_create', { title: 'Summary too', start_date: '2031-07-01 10:00', end_date: '2031-07-01 11:00', status: 'draft' })).json,
      ).toMatchObject({
        title: 'Summary too',
        status: 'draft',
      });
    });

    it('tells an anonymous writer how to log in', async () => {
      const refused = await callTool(anonymous, 'tags_create', { name: 'Nope' });
      expect(refused.isError).toBe(true);
      expect(refused.json.data.status).toBe(401);
      expect(refused.summary).toContain(
        'Log in to write: connect with an application password, header `Authorization: Basic <base64 of login:application-password>`',
      );
    });
  });
});
