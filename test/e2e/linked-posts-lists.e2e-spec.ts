import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, insertEvent, setPostColumns, userWithRole } from './linked-posts-test-helpers';

const VENUES = `${BASE}/venues`;
const ORGANIZERS = `${BASE}/organizers`;

describe('venue and organizer lists', () => {
  let t: TestApp;
  let contributor: { id: number; auth: string };
  let editor: { id: number; auth: string };

  beforeAll(async () => {
    t = await startTestApp();
    contributor = await userWithRole(t, 'contributor');
    editor = await userWithRole(t, 'editor');
  });
  afterAll(() => t.close());

  const create = async (collection: string, body: Record<string, unknown>, auth = ADMIN) => {
    const res = await t.http.post(`${BASE}/${collection}`).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; slug: string };
  };
  const ids = (body: { venues?: { id: number }[]; organizers?: { id: number }[] }) => (body.venues ?? body.organizers ?? []).map((r) => r.id);

  describe('paging and envelope', () => {
    let created: number[];
    beforeAll(async () => {
      created = [];
      for (let i = 1; i <= 12; i++) created.push((await create('venues', { venue: `Paged ${String(i).padStart(2, '0')}` })).id);
      // Equal publication dates order by ID descending; an older date goes last.
      for (const id of created) await setPostColumns(t, id, { post_date: '2025-01-01 00:00:00' });
      await setPostColumns(t, created[0], { post_date: '2024-01-01 00:00:00' });
    });

    it('lists published venues newest first (ties by ID descending), 10 per page by default', async () => {
      const res = await t.http.get(`${VENUES}?search=Paged`).expect(200);
      expect(Object.keys(res.body)).toEqual(['venues', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
      expect(res.body.total).toBe(12);
      expect(res.body.total_pages).toBe(2);
      expect(res.headers['x-tec-total']).toBe('12');
      expect(res.headers['x-tec-totalpages']).toBe('2');
      expect(ids(res.body)).toEqual([...created.slice(1)].reverse().slice(0, 10));
      expect(res.body.venues[0].json_ld).toBeUndefined();
      const second = await t.http.get(`${VENUES}?search=Paged&page=2`).expect(200);
      expect(ids(second.body)).toEqual([created[1], created[0]]);
      expect(second.body.previous_rest_url).toContain('search=Paged');
      expect(second.body.next_rest_url).toBeUndefined();
    });

    it('caps per_page at 50 and answers 404 beyond the last page', async () => {
      expect((await t.http.get(`${VENUES}?per_page=100`).expect(200)).body.venues.length).toBe(12);
      expect((await t.http.get(`${VENUES}?per_page=100`).expect(200)).body.rest_url).toContain('per_page=50');
      const res = await t.http.get(`${VENUES}?search=Paged&page=3`).expect(404);
      expect(res.body.code).toBe('venue-archive-page-not-found');
      expect(res.headers['x-tec-total']).toBeUndefined();
      expect((await t.http.get(`${ORGANIZERS}?page=2`).expect(404)).body.code).toBe('organizer-archive-page-not-found');
      for (const q of ['page=foo', 'page=0', 'per_page=-1', 'search=']) {
        expect((await t.http.get(`${VENUES}?${q}`).expect(400)).body.code).toBe('rest_invalid_param');
      }
    });

    it('answers an empty first page with 200 and zero totals', async () => {
      const res = await t.http.get(`${VENUES}?search=nothing-matches-this`).expect(200);
      expect(res.body).toMatchObject({ venues: [], total: 0, total_pages: 0 });
      expect(res.body.next_rest_url).toBeUndefined();
    });
  });

  describe('status and visibility', () => {
    let mineDraft: number;
    let othersDraft: number;
    let privateOne: number;
    beforeAll(async () => {
      mineDraft = (await create('organizers', { organizer: 'Vis Mine' }, contributor.auth)).id;
      othersDraft = (await create('organizers', { organizer: 'Vis Others', status: 'draft' })).id;
      privateOne = (await create('organizers', { organizer: 'Vis Private', status: 'private' })).id;
      await create('organizers', { organizer: 'Vis Public' });
    });
    const names = async (query: string, auth?: string) => {
      const req = t.http.get(`${ORGANIZERS}?search=Vis&${query}`);
      if (auth) req.set('Authorization', auth);
      const res = await req.expect(200);
      return res.body.organizers.map((o: { organizer: string }) => o.organizer).sort();
    };

    it('shows anonymous callers published records only, and rejects other statuses from them', async () => {
      expect(await names('')).toEqual(['Vis Public']);
      expect(await names('status=publish')).toEqual(['Vis Public']);
      expect((await t.http.get(`${ORGANIZERS}?status=draft`).expect(400)).body.data.params).toEqual({
        status: 'status: only publish can be listed without the right to edit these records.',
      });
    });

    it('shows privileged callers only what they could read one by one (Q21 DEVIATE)', async () => {
      expect(await names('', editor.auth)).toEqual(['Vis Mine', 'Vis Others', 'Vis Private', 'Vis Public']);
      expect(await names('', contributor.auth)).toEqual(['Vis Mine', 'Vis Public']);
      expect(await names('status=draft', contributor.auth)).toEqual(['Vis Mine']);
      expect(await names('status=draft,private', editor.auth)).toEqual(['Vis Mine', 'Vis Others', 'Vis Private']);
      expect(await names('status=any', editor.auth)).toHaveLength(4);
      expect((await t.http.get(`${ORGANIZERS}?status=nope`).set('Authorization', editor.auth).expect(400)).body.code).toBe('rest_invalid_param');
      expect([mineDraft, othersDraft, privateOne].every(Number.isInteger)).toBe(true);
    });

    it('accepts status as an array or a comma list, with the same permission rules (issue #16)', async () => {
      expect(await names('status[]=draft&status[]=private', editor.auth)).toEqual(['Vis Mine', 'Vis Others', 'Vis Private']);
      expect(await names('status[0]=publish&status[1]=draft', editor.auth)).toEqual(['Vis Mine', 'Vis Others', 'Vis Public']);
      expect(await names('status[]=draft', contributor.auth)).toEqual(['Vis Mine']);
      expect(await names('status[]=publish')).toEqual(['Vis Public']);
      const rest = await t.http.get(`${ORGANIZERS}?search=Vis&status[]=draft&status[]=private`).set('Authorization', editor.auth).expect(200);
      expect(rest.body.rest_url).toContain('status=draft%2Cprivate');
      for (const [query, auth] of [
        ['status[]=draft', undefined],
        ['status[]=publish&status[]=draft', undefined],
        ['status[]=nope', editor.auth],
        ['status[]=', editor.auth],
        ['status[a][b]=draft', editor.auth],
      ] as const) {
        const req = t.http.get(`${ORGANIZERS}?${query}`);
        if (auth) req.set('Authorization', auth);
        expect((await req.expect(400)).body.code).toBe('rest_invalid_param');
      }
    });

    it('lists trashed records only when asked for', async () => {
      const doomed = await create('organizers', { organizer: 'Vis Trashed' });
      await t.http.delete(`${ORGANIZERS}/${doomed.id}`).set('Authorization', ADMIN).expect(200);
      expect(await names('', editor.auth)).not.toContain('Vis Trashed');
      expect(await names('status=trash', editor.auth)).toEqual(['Vis Trashed']);
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await create('venues', { venue: 'Théâtre Search', address: '100, Avenue du Temple', city: 'Paris' });
      await create('venues', { venue: 'Search Two', stateprovince: 'France, Ile de France', city: 'London' });
      await create('venues', { venue: 'Search Three', city: 'London', country: 'Wonderland', website: 'https://wonderland.example' });
      await create('organizers', { organizer: 'Org Search', email: 'boss@searchable.example' });
    });
    const found = async (collection: string, search: string) => {
      const res = await t.http.get(`${BASE}/${collection}?search=${encodeURIComponent(search)}`).expect(200);
      return (res.body[collection] as { id: number; venue?: string; organizer?: string }[]).map((r) => r.venue ?? r.organizer).sort();
    };

    it('matches when one field holds every fragment, in any order and case', async () => {
      expect(await found('venues', 'temple avenue')).toEqual(['Théâtre Search']);
      expect(await found('venues', 'france, ile de')).toEqual(['Search Two']);
      expect(await found('venues', 'london')).toEqual(['Search Three', 'Search Two']);
      expect(await found('venues', 'theatre')).toEqual(['Théâtre Search']);
      expect(await found('venues', 'temple london')).toEqual([]);
      expect(await found('venues', 'wonderland')).toEqual([]);
      expect(await found('organizers', 'searchable')).toEqual(['Org Search']);
    });

    it('searches every searched field of organizers, and no others', async () => {
      await create('organizers', {
        organizer: 'Field Org',
        phone: '+33 1 23 45',
        website: 'https://fieldsite.example',
        description: 'Hosts of the Quince fair',
      });
      expect(await found('organizers', '33 45')).toEqual(['Field Org']);
      expect(await found('organizers', 'fieldsite')).toEqual(['Field Org']);
      expect(await found('organizers', 'QUINCE hosts')).toEqual(['Field Org']);
      expect(await found('organizers', 'quince fieldsite')).toEqual([]);
    });

    it('pages a search: the total is the whole match, each page a slice of it', async () => {
      const first = await t.http.get(`${VENUES}?search=london&per_page=1`).expect(200);
      const second = await t.http.get(`${VENUES}?search=london&per_page=1&page=2`).expect(200);
      expect([first.body.total, first.body.total_pages, second.body.total]).toEqual([2, 2, 2]);
      expect([...first.body.venues, ...second.body.venues].map((v: { venue: string }) => v.venue).sort()).toEqual(['Search Three', 'Search Two']);
      expect(first.body.next_rest_url).toContain('search=london');
      expect((await t.http.get(`${VENUES}?search=london&per_page=1&page=3`).expect(404)).body.code).toBe('venue-archive-page-not-found');
    });

    it('reports zero totals when nothing matches (Q35 DEVIATE)', async () => {
      const res = await t.http.get(`${VENUES}?search=zzzz`).expect(200);
      expect(res.body).toMatchObject({ total: 0, total_pages: 0 });
    });
  });

  describe('event filters', () => {
    let withEvent: number;
    let draftOnly: number;
    let trashOnly: number;
    let pastOnly: number;
    let none: number;
    let organizerA: number;
    let organizerB: number;
    let event: number;
    beforeAll(async () => {
      withEvent = (await create('venues', { venue: 'EF With' })).id;
      draftOnly = (await create('venues', { venue: 'EF Draft' })).id;
      trashOnly = (await create('venues', { venue: 'EF Trash' })).id;
      pastOnly = (await create('venues', { venue: 'EF Past' })).id;
      none = (await create('venues', { venue: 'EF None' })).id;
      organizerA = (await create('organizers', { organizer: 'EF Org A' })).id;
      organizerB = (await create('organizers', { organizer: 'EF Org B' })).id;
      event = await insertEvent(t, { venue: withEvent, organizers: [organizerB, organizerA] });
      await insertEvent(t, { status: 'draft', venue: draftOnly });
      await insertEvent(t, { status: 'pending', venue: draftOnly });
      await insertEvent(t, { status: 'trash', venue: trashOnly });
      await insertEvent(t, { venue: pastOnly, start: '2001-01-01 10:00:00' });
    });
    const listed = async (query: string, collection = 'venues') => {
      const res = await t.http.get(`${BASE}/${collection}?search=EF&per_page=50&${query}`).expect(200);
      return ids(res.body).sort((a, b) => a - b);
    };

    it('event: the records linked from that event', async () => {
      expect(await listed(`event=${event}`)).toEqual([withEvent]);
      expect(await listed(`event=${event}`, 'organizers')).toEqual([organizerA, organizerB].sort((a, b) => a - b));
      expect((await t.http.get(`${VENUES}?event=999999`).expect(400)).body.data.params).toEqual({ event: 'event: no event has the ID 999999.' });
      expect((await t.http.get(`${VENUES}?event=${withEvent}`).expect(400)).body.data.params).toEqual({ event: `event: no event has the ID ${withEvent}.` });
    });

    it('has_events: linked from a published/future/private event (drafts, pending and trash do not count)', async () => {
      expect(await listed('has_events=true')).toEqual([withEvent, pastOnly].sort((a, b) => a - b));
      expect(await listed('has_events=false')).toEqual([draftOnly, trashOnly, none].sort((a, b) => a - b));
      expect(await listed('has_events=yes')).toEqual([withEvent, pastOnly].sort((a, b) => a - b));
      expect(await listed('has_events=1', 'organizers')).toEqual([organizerA, organizerB].sort((a, b) => a - b));
    });

    it('only_with_upcoming: linked from a published event that has not started yet', async () => {
      expect(await listed('only_with_upcoming=true')).toEqual([withEvent]);
      expect(await listed('only_with_upcoming=false')).toHaveLength(5);
      expect(await listed('only_with_upcoming=1&has_events=true')).toEqual([withEvent]);
    });

    it('only_with_upcoming: draft, pending and private upcoming events count for a caller who may read them (§3.3)', async () => {
      const privateOnly = (await create('venues', { venue: 'EF Private' })).id;
      await insertEvent(t, { status: 'private', venue: privateOnly });
      const as = async (auth?: string) => {
        const req = t.http.get(`${VENUES}?search=EF&per_page=50&only_with_upcoming=true`);
        if (auth) req.set('Authorization', auth);
        return ids((await req.expect(200)).body).sort((a, b) => a - b);
      };
      expect(await as()).toEqual([withEvent]);
      expect(await as(editor.auth)).toEqual([withEvent, draftOnly, privateOnly].sort((a, b) => a - b));
      expect(await as(ADMIN)).toEqual([withEvent, draftOnly, privateOnly].sort((a, b) => a - b));
      // A contributor reads only its own drafts: others' drafts and private events do not count.
      expect(await as(contributor.auth)).toEqual([withEvent]);
    });
  });
});
