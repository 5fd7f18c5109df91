import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, insertEvent, metaOf, postRow, setPostColumns, SITE, userWithRole } from './linked-posts-test-helpers';

const ORGANIZERS = `${BASE}/organizers`;

describe('organizers', () => {
  let t: TestApp;
  let contributor: { id: number; auth: string };
  let subscriber: { id: number; auth: string };

  beforeAll(async () => {
    t = await startTestApp();
    contributor = await userWithRole(t, 'contributor');
    subscriber = await userWithRole(t, 'subscriber');
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, auth = ADMIN) => {
    const res = await t.http.post(ORGANIZERS).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it('creates an organizer: contract keys in order, empty ones dropped, the rows TEC stores', async () => {
    const res = await t.http
      .post(ORGANIZERS)
      .set('Authorization', ADMIN)
      .send({ organizer: 'Sample Org', phone: '555-0200', email: 'org@example.com', website: 'https://example.com/org', description: 'A sample organizer.' })
      .expect(201);
    expect(Object.keys(res.body)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'description',
      'slug',
      'phone',
      'website',
      'email',
      'global_id',
      'global_id_lineage',
    ]);
    expect(res.body).toMatchObject({
      url: `${SITE}/organizer/sample-org/`,
      organizer: 'Sample Org',
      description: '<p>A sample organizer.</p>',
      slug: 'sample-org',
      email: 'org@example.com',
    });
    const meta = await metaOf(t, res.body.id);
    expect(meta).toMatchObject({
      _OrganizerOrigin: ['events-calendar'],
      _OrganizerPhone: ['555-0200'],
      _OrganizerWebsite: ['https://example.com/org'],
      _OrganizerEmail: ['org@example.com'],
    });
    expect(Object.keys(meta).sort()).toEqual(['_OrganizerEmail', '_OrganizerOrigin', '_OrganizerPhone', '_OrganizerWebsite', '_tribe_modified_fields']);
    expect(await postRow(t, res.body.id)).toMatchObject({ post_type: 'tribe_organizer', comment_status: 'closed', guid: `${SITE}/organizer/sample-org/` });

    const bare = await create({ organizer: 'Bare Org' });
    expect(Object.keys(bare)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'slug',
      'global_id',
      'global_id_lineage',
    ]);
  });

  it('accepts any e-mail text (Q56) and validates the rest', async () => {
    expect((await create({ organizer: 'Odd Mail', email: 'not an address' })).email).toBe('not an address');
    const res = await t.http.post(ORGANIZERS).set('Authorization', ADMIN).send({ organizer: '', website: 'nope', status: 'inherit' }).expect(400);
    expect(Object.keys(res.body.data.params).sort()).toEqual(['organizer', 'status', 'website']);
    expect((await t.http.post(ORGANIZERS).set('Authorization', ADMIN).send({ phone: '1' }).expect(400)).body.data.params).toEqual(['organizer']);
    await t.http.post(ORGANIZERS).set('Authorization', subscriber.auth).send({ organizer: 'Nope' }).expect(403);
  });

  it('reads with json_ld: Person, website as url, obfuscated e-mail', async () => {
    const created = await create({ organizer: 'Ld Org', phone: '1', email: 'a@b.example', website: 'https://org.example', description: 'About' });
    const res = await t.http.get(`${ORGANIZERS}/${created.id}`).expect(200);
    expect(Object.keys(res.body).slice(-3)).toEqual(['json_ld', 'global_id', 'global_id_lineage']);
    const { email, ...rest } = res.body.json_ld;
    expect(rest).toEqual({
      '@type': 'Person',
      name: 'Ld Org',
      description: '&lt;p&gt;About&lt;/p&gt;\\n',
      url: 'https://org.example',
      telephone: '1',
      sameAs: 'https://org.example',
    });
    const decoded = String(email).replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(decoded).toBe('a@b.example');
    expect(email).toContain('&#64;');
    expect((await t.http.get(`${ORGANIZERS}/by-slug/ld-org`).expect(200)).body.id).toBe(created.id);
  });

  it('reuses a same-named organizer and writes only the supplied fields', async () => {
    const first = await create({ organizer: 'Reused Org', email: 'keep@example.org' });
    const again = await create({ organizer: 'REUSED ORG', phone: '42' });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ organizer: 'Reused Org', email: 'keep@example.org', phone: '42' });
  });

  it('updates partially; "" clears a field; omitted fields are kept', async () => {
    const created = await create({ organizer: 'Upd Org', email: 'e@example.org', phone: '1', website: 'https://w.example' });
    const res = await t.http.patch(`${ORGANIZERS}/${created.id}`).set('Authorization', ADMIN).send({ phone: '' }).expect(200);
    expect(res.body.phone).toBeUndefined();
    expect(res.body).toMatchObject({ email: 'e@example.org', website: 'https://w.example' });
    await t.http.post(`${ORGANIZERS}/by-slug/upd-org`).set('Authorization', ADMIN).send({ organizer: 'Upd Org Renamed' }).expect(200);
    expect((await t.http.get(`${ORGANIZERS}/${created.id}`).expect(200)).body).toMatchObject({ organizer: 'Upd Org Renamed', slug: 'upd-org' });
  });

  it('hides drafts from anonymous callers', async () => {
    const draft = await create({ organizer: 'Draft Org' }, contributor.auth);
    expect(draft.status).toBe('draft');
    expect((await t.http.get(`${ORGANIZERS}/${draft.id}`).expect(403)).body.code).toBe('organizer-not-accessible');
    await t.http.get(`${ORGANIZERS}/${draft.id}`).set('Authorization', ADMIN).expect(200);
  });

  it('blanks a password-protected organizer (its name becomes [])', async () => {
    const created = await create({ organizer: 'Locked Org', email: 'x@example.org' });
    await setPostColumns(t, created.id, { post_password: 'pw' });
    const res = await t.http.get(`${ORGANIZERS}/${created.id}`).expect(200);
    expect(res.body).toMatchObject({ organizer: [], email: '' });
    expect(res.body.json_ld).toBeUndefined();
  });

  it('trashes: removes exactly the links to it from events (Q30 DEVIATE), 410 the second time', async () => {
    const doomed = await create({ organizer: 'Doomed Org' });
    const kept = await create({ organizer: 'Kept Org' });
    const event = await insertEvent(t, { status: 'pending', organizers: [kept.id, doomed.id, kept.id] });
    const res = await t.http.delete(`${ORGANIZERS}/${doomed.id}`).set('Authorization', ADMIN).expect(200);
    expect(res.body).toMatchObject({ status: 'trash', slug: 'doomed-org__trashed', url: `${SITE}/?post_type=tribe_organizer&p=${doomed.id}` });
    expect((await metaOf(t, event))._EventOrganizerID).toEqual([String(kept.id), String(kept.id)]);
    expect((await t.http.delete(`${ORGANIZERS}/${doomed.id}`).set('Authorization', ADMIN).expect(410)).body.code).toBe('organizer-is-in-trash');
    expect((await t.http.delete(`${ORGANIZERS}/by-slug/nothing`).expect(400)).body.data.params).toEqual({ slug: 'slug: no organizer has the slug "nothing".' });
  });
});
