import { startTestApp, TestApp } from '../support/test-app';
import { addMeta, ADMIN, BASE, insertEvent, insertImage, metaOf, metaRows, postRow, setPostColumns, SITE, userWithRole } from './linked-posts-test-helpers';

const VENUES = `${BASE}/venues`;

describe('venues', () => {
  let t: TestApp;
  let editor: { id: number; auth: string };
  let author: { id: number; auth: string };
  let contributor: { id: number; auth: string };
  let subscriber: { id: number; auth: string };

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userWithRole(t, 'editor');
    author = await userWithRole(t, 'author');
    contributor = await userWithRole(t, 'contributor');
    subscriber = await userWithRole(t, 'subscriber');
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, auth = ADMIN) => {
    const res = await t.http.post(VENUES).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  describe('create', () => {
    it('creates a venue with every field, in the contract key order, and 201', async () => {
      const res = await t.http
        .post(VENUES)
        .set('Authorization', ADMIN)
        .send({
          venue: 'Sample Hall',
          description: 'A sample venue.',
          address: '1 Main St',
          city: 'Springfield',
          country: 'United States',
          state: 'IL',
          zip: '62701',
          phone: '555-0100',
          website: 'https://example.com/hall',
          show_map: 'true',
          show_map_link: 'true',
        })
        .expect(201);
      const id = res.body.id;
      expect(Object.keys(res.body)).toEqual([
        'id',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'venue',
        'description',
        'slug',
        'address',
        'city',
        'country',
        'state',
        'zip',
        'phone',
        'website',
        'stateprovince',
        'show_map',
        'show_map_link',
        'global_id',
        'global_id_lineage',
      ]);
      expect(res.body).toMatchObject({
        author: '1',
        status: 'publish',
        url: `${SITE}/venue/sample-hall/`,
        venue: 'Sample Hall',
        description: '<p>A sample venue.</p>',
        slug: 'sample-hall',
        stateprovince: 'IL',
        show_map: true,
        show_map_link: true,
        global_id: `127.0.0.1?id=${id}`,
        global_id_lineage: [`127.0.0.1?id=${id}`],
      });
      expect(res.body.json_ld).toBeUndefined();
      expect(res.body.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(res.body.date_utc).toBe(res.body.date);
    });

    it('stores the rows TEC stores: closed comments, pretty guid, origin, both map-flag keys, derived state/province', async () => {
      const body = await create({ venue: 'Row Hall', city: 'Lyon', country: 'France', province: 'Rhone', state: 'XX', phone: '1' });
      const row = await postRow(t, body.id);
      expect(row).toMatchObject({
        post_type: 'tribe_venue',
        post_status: 'publish',
        post_title: 'Row Hall',
        post_name: 'row-hall',
        post_content: '',
        post_excerpt: '',
        comment_status: 'closed',
        ping_status: 'closed',
        post_password: '',
        to_ping: '',
        pinged: '',
        post_content_filtered: '',
        guid: `${SITE}/venue/row-hall/`,
        menu_order: 0,
        post_mime_type: '',
      });
      expect(Number(row.post_parent)).toBe(0);
      expect(Number(row.comment_count)).toBe(0);
      const meta = await metaOf(t, body.id);
      expect(meta._VenueOrigin).toEqual(['events-calendar']);
      for (const key of ['_EventShowMap', '_EventShowMapLink', '_VenueShowMap', '_VenueShowMapLink']) expect(meta[key]).toEqual(['1']);
      expect(meta._VenueCity).toEqual(['Lyon']);
      expect(meta._VenueStateProvince).toEqual(['Rhone']);
      expect(meta._VenueAddress).toBeUndefined();
      expect(Object.keys(meta).filter((k) => /^_Venue(post_|Description)/.test(k))).toEqual([]);
      const modified = meta._tribe_modified_fields[0];
      expect(modified).toMatch(/^a:\d+:\{/);
      expect(modified).toContain('s:12:"_VenueOrigin"');
      expect(modified).toContain('s:10:"_VenueCity"');
    });

    it('stores a falsy map flag as "" and any truthy string as "1"; JSON booleans are accepted (Q36)', async () => {
      const off = await create({ venue: 'Flag Off', show_map: 'false', show_map_link: 'no' });
      expect(off).toMatchObject({ show_map: false, show_map_link: false });
      expect((await metaOf(t, off.id))._VenueShowMap).toEqual(['']);
      expect((await metaOf(t, off.id))._EventShowMapLink).toEqual(['']);
      const bool = await create({ venue: 'Flag Bool', show_map: false, show_map_link: true });
      expect(bool).toMatchObject({ show_map: false, show_map_link: true });
      const yes = await create({ venue: 'Flag Yes', show_map: 'yes' });
      expect((await metaOf(t, yes.id))._VenueShowMap).toEqual(['1']);
    });

    it('derives stateprovince: the state for US (or no country), the province otherwise, a given value wins', async () => {
      expect((await create({ venue: 'SP1', state: 'NY' })).stateprovince).toBe('NY');
      expect((await create({ venue: 'SP2', state: 'NY', country: 'US' })).stateprovince).toBe('NY');
      expect((await create({ venue: 'SP3', state: 'NY', province: 'Ontario', country: 'Canada' })).stateprovince).toBe('Ontario');
      expect((await create({ venue: 'SP4', state: 'NY', stateprovince: 'Given' })).stateprovince).toBe('Given');
      const none = await create({ venue: 'SP5' });
      expect(none.stateprovince).toBeUndefined();
      expect((await metaOf(t, none.id))._VenueStateProvince).toEqual(['']);
    });

    it('sanitises meta as plain text (sanitize_text_field)', async () => {
      const body = await create({ venue: 'Sanitised', address: ' <b>1</b>\n  Main\tSt ', city: 'Pa%41ris', website: 'https://example.com/a%20b' });
      expect(body.address).toBe('1 Main St');
      expect(body.city).toBe('Paris');
      expect(body.website).toBe('https://example.com/a%20b');
    });

    it('filters HTML of callers without unfiltered_html (kses), keeps it for administrators', async () => {
      const html = '<script>alert(1)</script><p onclick="x()">Hi <em>there</em></p>';
      const byAuthor = await create({ venue: ' <b>Bold</b> <img src=x onerror=y> Name ', description: html }, author.auth);
      const row = await postRow(t, byAuthor.id);
      expect(row.post_title).toBe('<b>Bold</b>  Name');
      expect(row.post_content).toBe('alert(1)<p>Hi <em>there</em></p>');
      const byAdmin = await create({ venue: 'Raw Admin', description: html });
      expect((await postRow(t, byAdmin.id)).post_content).toBe(html);
    });

    it('reuses a same-named venue (case-insensitive) instead of creating a duplicate (Q27), writing only supplied fields', async () => {
      const first = await create({ venue: 'A venue', description: 'A venue description', address: 'Kept Street' });
      const again = await create({ venue: 'A venue', description: 'A venue description' });
      expect(again.id).toBe(first.id);
      const lower = await create({ venue: 'a venue', phone: '123', country: 'Italy' });
      expect(lower.id).toBe(first.id);
      expect(lower).toMatchObject({ phone: '123', country: 'Italy', address: 'Kept Street', show_map: true });
      const otherDescription = await create({ venue: 'A venue', description: 'Another description' });
      expect(otherDescription.id).not.toBe(first.id);
      expect(otherDescription.slug).toBe('a-venue-2');
    });

    it('does not reuse a trashed venue', async () => {
      const first = await create({ venue: 'Trashed Twin' });
      await t.http.delete(`${VENUES}/${first.id}`).set('Authorization', ADMIN).expect(200);
      const second = await create({ venue: 'Trashed Twin' });
      expect(second.id).not.toBe(first.id);
      expect(second.slug).toBe('trashed-twin');
    });

    it('reports a missing name, and every invalid parameter at once', async () => {
      const missing = await t.http.post(VENUES).set('Authorization', ADMIN).send({ city: 'x' }).expect(400);
      expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: expect.any(String), data: { status: 400, params: ['venue'] } });
      const bad = await t.http
        .post(VENUES)
        .set('Authorization', ADMIN)
        .send({ venue: '', author: 'foo', date: 'foo', status: 'kinda_thinking_about_it', website: 'not a url', image: 'foo bar' })
        .expect(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      expect(Object.keys(bad.body.data.params).sort()).toEqual(['author', 'date', 'image', 'status', 'venue', 'website']);
      const unknownAuthor = await t.http.post(VENUES).set('Authorization', ADMIN).send({ venue: 'Nobody', author: 23456 }).expect(400);
      expect(unknownAuthor.body.data.params).toEqual({ author: 'author: no user has the ID 23456.' });
    });

    it('reports validation errors before permission errors', async () => {
      expect((await t.http.post(VENUES).send({ city: 'x' }).expect(400)).body.code).toBe('rest_missing_callback_param');
      expect((await t.http.post(VENUES).send({ venue: 'Anon' }).expect(401)).body.code).toBe('rest_forbidden');
      expect((await t.http.post(VENUES).set('Authorization', subscriber.auth).send({ venue: 'Sub' }).expect(403)).body.code).toBe('rest_forbidden');
    });

    it('scales the status back for callers who cannot publish (contributors get draft / pending)', async () => {
      const draft = await create({ venue: 'Contrib Draft' }, contributor.auth);
      expect(draft).toMatchObject({ status: 'draft', author: String(contributor.id), date_utc: '0000-00-00 00:00:00' });
      expect(draft.url).toBe(`${SITE}/?post_type=tribe_venue&p=${draft.id}`);
      expect((await create({ venue: 'Contrib Publish', status: 'publish' }, contributor.auth)).status).toBe('pending');
      expect((await create({ venue: 'Contrib Private', status: 'private' }, contributor.auth)).status).toBe('pending');
      expect((await create({ venue: 'Author Publish' }, author.auth)).status).toBe('publish');
      expect((await create({ venue: 'Admin Draft', status: 'draft' })).status).toBe('draft');
    });

    it('takes publication dates in site time and UTC, and schedules future ones', async () => {
      const dated = await create({ venue: 'Dated', date: '2020-03-04 05:06:07' });
      expect(dated).toMatchObject({ date: '2020-03-04 05:06:07', date_utc: '2020-03-04 05:06:07', status: 'publish' });
      const future = await create({ venue: 'Future', date_utc: '2099-01-01 00:00:00' });
      expect(future).toMatchObject({ status: 'future', date: '2099-01-01 00:00:00' });
    });

    it('lets only editors set another author (Q24)', async () => {
      const res = await t.http.post(VENUES).set('Authorization', author.auth).send({ venue: 'Someone else', author: 1 }).expect(403);
      expect(res.body.code).toBe('rest_cannot_edit_others');
      expect((await create({ venue: 'For the author', author: author.id }, editor.auth)).author).toBe(String(author.id));
    });

    it('sets an image by attachment ID or by the URL of an existing attachment', async () => {
      const image = await insertImage(t);
      const byId = await create({ venue: 'Pictured', image: image });
      expect(byId.image).toEqual({
        url: `${SITE}/wp-content/uploads/2024/05/poster.jpg`,
        id: image,
        extension: 'jpg',
        width: 1200,
        height: 800,
        filesize: 183412,
        sizes: { medium: { width: 300, height: 200, 'mime-type': 'image/jpeg', filesize: 9821, url: `${SITE}/wp-content/uploads/2024/05/poster-300x200.jpg` } },
      });
      const byUrl = await create({ venue: 'Pictured by URL', image: `${SITE}/wp-content/uploads/2024/05/poster.jpg` });
      expect(byUrl.image.id).toBe(image);
      const notImage = await t.http.post(VENUES).set('Authorization', ADMIN).send({ venue: 'No pic', image: byId.id }).expect(400);
      expect(notImage.body.data.params).toEqual({ image: `attachment ${byId.id} is not an image` });
      const noUpload = await t.http
        .post(VENUES)
        .set('Authorization', contributor.auth)
        .send({ venue: 'No upload', image: `${SITE}/wp-content/uploads/2024/05/poster.jpg` })
        .expect(400);
      expect(noUpload.body.data.params).toEqual({ image: 'setting an image by URL needs the upload_files capability' });
    });
  });

  describe('read', () => {
    it('reads a venue with json_ld, by id and by slug', async () => {
      const created = await create({
        venue: 'Readable Hall',
        description: 'Line one',
        address: 'A',
        city: 'B',
        zip: 'C',
        phone: 'P',
        website: 'https://w.example',
        state: 'CA',
      });
      const res = await t.http.get(`${VENUES}/${created.id}`).expect(200);
      expect(Object.keys(res.body).slice(-5)).toEqual(['json_ld', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage']);
      expect(res.body.json_ld).toEqual({
        '@type': 'Place',
        name: 'Readable Hall',
        description: '&lt;p&gt;Line one&lt;/p&gt;\\n',
        url: '',
        address: { '@type': 'PostalAddress', streetAddress: 'A', addressLocality: 'B', addressRegion: 'CA', postalCode: 'C' },
        telephone: 'P',
        sameAs: 'https://w.example',
      });
      const bySlug = await t.http.get(`${VENUES}/by-slug/readable-hall`).expect(200);
      expect(bySlug.body).toEqual(res.body);
      expect((await t.http.get(`${VENUES}/by-slug/READABLE-HALL`).expect(200)).body.id).toBe(created.id);
    });

    it('answers 400 for ids and slugs that are not venues, 404 for non-numeric ids', async () => {
      const organizer = await t.http.post(`${BASE}/organizers`).set('Authorization', ADMIN).send({ organizer: 'Not a venue' }).expect(201);
      for (const id of [999999, organizer.body.id]) {
        const res = await t.http.get(`${VENUES}/${id}`).expect(400);
        expect(res.body).toEqual({
          code: 'rest_invalid_param',
          message: expect.any(String),
          data: { status: 400, params: { id: `id: no venue has the ID ${id}.` }, details: [] },
        });
      }
      expect((await t.http.get(`${VENUES}/by-slug/no-such-venue`).expect(400)).body.data.params).toEqual({
        slug: 'slug: no venue has the slug "no-such-venue".',
      });
      expect((await t.http.get(`${VENUES}/abc`).expect(404)).body.code).toBe('rest_no_route');
    });

    it('hides drafts and trashed venues from callers who cannot read them', async () => {
      const draft = await create({ venue: 'Secret Draft', status: 'draft' });
      expect((await t.http.get(`${VENUES}/${draft.id}`).expect(403)).body.code).toBe('venue-not-accessible');
      expect((await t.http.get(`${VENUES}/${draft.id}`).set('Authorization', subscriber.auth).expect(403)).body.code).toBe('venue-not-accessible');
      const asEditor = await t.http.get(`${VENUES}/${draft.id}`).set('Authorization', editor.auth).expect(200);
      expect(asEditor.body.status).toBe('draft');
      expect(asEditor.body.json_ld).toBeDefined();
      const own = await create({ venue: 'Own Draft' }, contributor.auth);
      expect((await t.http.get(`${VENUES}/${own.id}`).set('Authorization', contributor.auth).expect(200)).body.status).toBe('draft');
      const trashed = await create({ venue: 'Soon Trashed' });
      await t.http.delete(`${VENUES}/${trashed.id}`).set('Authorization', ADMIN).expect(200);
      expect((await t.http.get(`${VENUES}/${trashed.id}`).expect(403)).body.code).toBe('venue-not-accessible');
      expect((await t.http.get(`${VENUES}/${trashed.id}`).set('Authorization', editor.auth).expect(200)).body.status).toBe('trash');
    });

    it('blanks password-protected venues unless the password (or context=edit with edit rights) is given (Q26)', async () => {
      const created = await create({ venue: 'Locked Hall', address: 'Street', city: 'Town', description: 'Hidden' });
      await setPostColumns(t, created.id, { post_password: 'sesame' });
      const blanked = await t.http.get(`${VENUES}/${created.id}`).expect(200);
      expect(blanked.body).toMatchObject({ venue: [], description: '', address: '', city: '', show_map: null, show_map_link: null, slug: 'locked-hall' });
      expect(blanked.body.json_ld).toBeUndefined();
      expect(blanked.body.zip).toBeUndefined();
      const open = await t.http.get(`${VENUES}/${created.id}?password=sesame`).expect(200);
      expect(open.body).toMatchObject({ venue: 'Locked Hall', address: 'Street', show_map: true });
      // Unlocked, the venue shows its JSON-LD, named as get_the_title names a protected post (issue #16).
      expect(open.body.json_ld).toMatchObject({ '@type': 'Place', name: 'Protected: Locked Hall' });
      expect((await t.http.get(`${VENUES}/${created.id}?context=edit`).set('Authorization', ADMIN).expect(200)).body.venue).toBe('Locked Hall');
      expect((await t.http.get(`${VENUES}/${created.id}?context=edit`).set('Authorization', subscriber.auth).expect(200)).body.venue).toEqual([]);
    });

    it('shows coordinates when stored and the global-ID lineage', async () => {
      const created = await create({ venue: 'Geo Hall' });
      await addMeta(t, created.id, '_VenueLat', '48.8566');
      await addMeta(t, created.id, '_VenueLng', '2.3522');
      await addMeta(t, created.id, '_tribe_aggregator_global_id_lineage', 'other.example?id=9');
      const res = await t.http.get(`${VENUES}/${created.id}`).expect(200);
      expect(res.body).toMatchObject({ geo_lat: 48.8566, geo_lng: 2.3522, global_id_lineage: [`127.0.0.1?id=${created.id}`, 'other.example?id=9'] });
      expect(res.body.json_ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 48.8566, longitude: 2.3522 });
      expect(Object.keys(res.body).indexOf('geo_lat')).toBeLessThan(Object.keys(res.body).indexOf('json_ld'));
    });
  });

  describe('update', () => {
    it('changes only the supplied fields, through POST, PUT and PATCH', async () => {
      const created = await create({
        venue: 'Partial Hall',
        description: 'Desc',
        address: 'Old',
        city: 'City',
        state: 'TX',
        show_map: 'false',
        image: await insertImage(t, '2024/06/p.jpg'),
      });
      const post = await t.http.post(`${VENUES}/${created.id}`).set('Authorization', ADMIN).send({ address: 'New' }).expect(200);
      expect(post.body).toMatchObject({
        address: 'New',
        city: 'City',
        description: '<p>Desc</p>',
        stateprovince: 'TX',
        show_map: false,
        show_map_link: true,
        status: 'publish',
      });
      expect(post.body.image.id).toBeDefined();
      expect(post.body.json_ld).toBeUndefined();
      const put = await t.http.put(`${VENUES}/${created.id}`).set('Authorization', ADMIN).send({ city: '', venue: 'Renamed Hall' }).expect(200);
      expect(put.body.city).toBeUndefined();
      expect(put.body).toMatchObject({ venue: 'Renamed Hall', slug: 'partial-hall' });
      expect((await metaOf(t, created.id))._VenueCity).toEqual(['']);
      const patch = await t.http.patch(`${VENUES}/${created.id}`).set('Authorization', ADMIN).send({ description: '', show_map: true, image: '' }).expect(200);
      expect(patch.body.description).toBeUndefined();
      expect(patch.body.show_map).toBe(true);
      expect(patch.body.image).toBeUndefined();
      expect((await metaOf(t, created.id))._thumbnail_id).toBeUndefined();
    });

    it('recomputes stateprovince only when state, province or country is supplied (Q28 DEVIATE)', async () => {
      const created = await create({ venue: 'Region Hall', state: 'TX', country: 'United States' });
      expect((await t.http.post(`${VENUES}/${created.id}`).set('Authorization', ADMIN).send({ phone: '1' })).body.stateprovince).toBe('TX');
      const moved = await t.http.post(`${VENUES}/${created.id}`).set('Authorization', ADMIN).send({ country: 'Canada', province: 'Quebec' }).expect(200);
      expect(moved.body.stateprovince).toBe('Quebec');
    });

    it('allows a name that another venue has (no duplicate check on update)', async () => {
      const one = await create({ venue: 'Twin One' });
      const two = await create({ venue: 'Twin Two' });
      const res = await t.http.post(`${VENUES}/${two.id}`).set('Authorization', ADMIN).send({ venue: 'Twin One' }).expect(200);
      expect(res.body.id).toBe(two.id);
      expect(res.body.venue).toBe('Twin One');
      expect(one.id).not.toBe(two.id);
    });

    it('updates by slug, with the slug of the URL identifying the venue', async () => {
      await create({ venue: 'Slug Hall' });
      const res = await t.http.patch(`${VENUES}/by-slug/slug-hall`).set('Authorization', ADMIN).send({ city: 'Rome', slug: 'ignored' }).expect(200);
      expect(res.body).toMatchObject({ slug: 'slug-hall', city: 'Rome' });
      expect((await t.http.post(`${VENUES}/by-slug/nothing-here`).set('Authorization', ADMIN).send({ city: 'x' }).expect(400)).body.data.params).toEqual({
        slug: 'slug: no venue has the slug "nothing-here".',
      });
    });

    it('validates updates (empty name, unknown id) before checking permissions', async () => {
      const created = await create({ venue: 'Guarded Hall' });
      expect((await t.http.post(`${VENUES}/${created.id}`).send({ venue: '' }).expect(400)).body.data.params).toHaveProperty('venue');
      expect((await t.http.post(`${VENUES}/999999`).send({ city: 'x' }).expect(400)).body.data.params).toEqual({ id: 'id: no venue has the ID 999999.' });
      expect((await t.http.post(`${VENUES}/${created.id}`).send({ city: 'x' }).expect(401)).body.code).toBe('rest_forbidden');
    });

    it('applies the per-record edit rule (authors: own records; contributors: own unpublished ones)', async () => {
      const mine = await create({ venue: 'Contrib Own' }, contributor.auth);
      await t.http.post(`${VENUES}/${mine.id}`).set('Authorization', contributor.auth).send({ city: 'ok' }).expect(200);
      const published = await create({ venue: 'Contrib Published' });
      await setPostColumns(t, published.id, { post_author: contributor.id });
      await t.http.post(`${VENUES}/${published.id}`).set('Authorization', contributor.auth).send({ city: 'no' }).expect(403);
      const authors = await create({ venue: 'Authors Own' }, author.auth);
      await t.http.post(`${VENUES}/${authors.id}`).set('Authorization', author.auth).send({ city: 'ok' }).expect(200);
      await t.http.post(`${VENUES}/${published.id}`).set('Authorization', author.auth).send({ city: 'no' }).expect(403);
      await t.http.patch(`${VENUES}/by-slug/contrib-published`).set('Authorization', author.auth).send({ city: 'no' }).expect(403);
      await t.http.post(`${VENUES}/${published.id}`).set('Authorization', editor.auth).send({ city: 'ok' }).expect(200);
    });

    it('keeps the status unless given, publishing a draft with a fresh date and a unique slug', async () => {
      await create({ venue: 'Popular Name' });
      const draft = await create({ venue: 'Popular Name', description: 'Different', status: 'draft' });
      expect(draft).toMatchObject({ status: 'draft', slug: 'popular-name', date_utc: '0000-00-00 00:00:00' });
      expect((await t.http.post(`${VENUES}/${draft.id}`).set('Authorization', ADMIN).send({ city: 'x' })).body.status).toBe('draft');
      const published = await t.http.post(`${VENUES}/${draft.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
      expect(published.body).toMatchObject({ status: 'publish', slug: 'popular-name-2' });
      expect(published.body.date_utc).not.toBe('0000-00-00 00:00:00');
      expect((await t.http.post(`${VENUES}/${draft.id}`).set('Authorization', ADMIN).send({ status: 'trash' }).expect(400)).body.data.params).toHaveProperty(
        'status',
      );
    });
  });

  describe('delete', () => {
    it('trashes a venue, unlinks it from every event, and answers 410 the second time', async () => {
      const created = await create({ venue: 'Doomed Hall' });
      const other = await create({ venue: 'Other Hall' });
      const published = await insertEvent(t, { venue: created.id });
      const draft = await insertEvent(t, { status: 'draft', venue: created.id });
      const unrelated = await insertEvent(t, { venue: other.id });
      const res = await t.http.delete(`${VENUES}/${created.id}`).set('Authorization', ADMIN).expect(200);
      expect(res.body).toMatchObject({ id: created.id, status: 'trash', slug: 'doomed-hall__trashed', url: `${SITE}/?post_type=tribe_venue&p=${created.id}` });
      expect(res.body.modified).toBeDefined();
      const meta = await metaOf(t, created.id);
      expect(meta._wp_trash_meta_status).toEqual(['publish']);
      expect(meta._wp_trash_meta_time[0]).toMatch(/^\d+$/);
      expect(meta._wp_desired_post_slug).toEqual(['doomed-hall']);
      expect((await metaOf(t, published))._EventVenueID).toBeUndefined();
      expect((await metaOf(t, draft))._EventVenueID).toBeUndefined();
      expect((await metaOf(t, unrelated))._EventVenueID).toEqual([String(other.id)]);
      expect((await t.http.delete(`${VENUES}/${created.id}`).set('Authorization', ADMIN).expect(410)).body.code).toBe('venue-is-in-trash');
    });

    it('validates the id before the permission, and the permission before the trash state', async () => {
      expect((await t.http.delete(`${VENUES}/999999`).expect(400)).body.data.params).toEqual({ id: 'id: no venue has the ID 999999.' });
      const created = await create({ venue: 'Protected Hall' });
      expect((await t.http.delete(`${VENUES}/${created.id}`).expect(401)).body.code).toBe('rest_forbidden');
      await t.http.delete(`${VENUES}/${created.id}`).set('Authorization', contributor.auth).expect(403);
      await t.http.delete(`${VENUES}/${created.id}`).set('Authorization', ADMIN).expect(200);
      await t.http.delete(`${VENUES}/${created.id}`).expect(401);
      expect((await postRow(t, created.id)).post_status).toBe('trash');
    });

    it('trashes by slug, and lets contributors trash their own drafts only', async () => {
      await create({ venue: 'Slug Doomed' });
      expect((await t.http.delete(`${VENUES}/by-slug/slug-doomed`).set('Authorization', ADMIN).expect(200)).body.status).toBe('trash');
      const own = await create({ venue: 'Own Doomed' }, contributor.auth);
      await t.http.delete(`${VENUES}/${own.id}`).set('Authorization', contributor.auth).expect(200);
    });

    it('takes its slug back when an update moves it out of the trash', async () => {
      const created = await create({ venue: 'Phoenix Hall' });
      await t.http.delete(`${VENUES}/${created.id}`).set('Authorization', ADMIN).expect(200);
      const back = await t.http.post(`${VENUES}/${created.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
      expect(back.body).toMatchObject({ status: 'publish', slug: 'phoenix-hall', url: `${SITE}/venue/phoenix-hall/` });
      const meta = await metaOf(t, created.id);
      expect(meta._wp_desired_post_slug).toBeUndefined();
      expect(meta._wp_old_slug).toEqual(['phoenix-hall__trashed']);
      expect(meta._wp_trash_meta_status).toEqual(['publish']);
    });

    it('writes nothing for a request rejected after validation (an image URL that names no image)', async () => {
      const before = (await metaRows(t, 0)).length;
      await t.http.post(VENUES).set('Authorization', ADMIN).send({ venue: 'Half', image: 'https://nowhere.example/x.txt' }).expect(400);
      const rows = await t.db.sql.rows(`SELECT ID FROM ${t.db.sql.table('posts')} WHERE post_title = 'Half'`);
      expect(rows).toEqual([]);
      expect((await metaRows(t, 0)).length).toBe(before);
    });
  });
});
