import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, countRows, createEvent, eventMeta, eventPost, EVENTS, MINIMAL, userWithRole } from './events-write-helpers';
import { insertImage } from './linked-posts-test-helpers';

/**
 * Images given by URL on a standalone install (issue #18, docs/trash-and-images.md): a URL no attachment holds
 * becomes an attachment record pointing at it — nothing is downloaded — so the record's `image` is
 * filled; WordPress reads the record back the same way (guid = URL, no `_wp_attached_file`).
 */
describe('images by URL', () => {
  let t: TestApp;
  let contributor: { id: number; auth: string };

  beforeAll(async () => {
    t = await startTestApp();
    contributor = await userWithRole(t, 'contributor');
  });
  afterAll(() => t.close());

  const attachments = () => countRows(t, 'posts', "post_type = 'attachment'");

  it('an event created with an image URL gets an attachment record and a filled image object', async () => {
    const url = 'https://cdn.example.org/media/Summer%20Poster.JPG?v=3';
    const event = await createEvent(t, { title: 'Poster Night', image: url });
    const id = event.image.id;
    expect(event.image).toEqual({ url, id, extension: '' });

    const attachment = await eventPost(t, id);
    expect(attachment).toMatchObject({
      post_type: 'attachment',
      post_status: 'inherit',
      post_mime_type: 'image/jpeg',
      guid: url,
      post_parent: event.id,
      post_title: 'Summer Poster',
      post_name: 'summer-poster',
      post_author: 1,
    });
    // The one `full` size names the URL's file name, so WordPress's image_downsize gives the URL back (the plugin's `image.url`).
    expect(await eventMeta(t, id)).toEqual({
      _tribe_importer_original_url: [url],
      _wp_attachment_metadata: ['a:1:{s:5:"sizes";a:1:{s:4:"full";a:3:{s:4:"file";s:23:"Summer%20Poster.JPG?v=3";s:5:"width";i:0;s:6:"height";i:0;}}}'],
    });
    expect((await eventMeta(t, event.id))._thumbnail_id).toEqual([String(id)]);
    // Read back as any reader sees it, JSON-LD included.
    const read = (await t.http.get(`${EVENTS}/${event.id}`).expect(200)).body;
    expect(read.image).toEqual({ url, id, extension: '' });
    expect(read.json_ld.image).toBe(url);
  });

  it('the same URL again reuses its attachment; an uploaded file’s URL reuses that file’s attachment', async () => {
    const url = 'https://cdn.example.org/again.png';
    const first = await createEvent(t, { title: 'First', image: url });
    const before = await attachments();
    const second = await createEvent(t, { title: 'Second', image: url });
    expect(second.image.id).toBe(first.image.id);
    expect(await attachments()).toBe(before);

    const uploaded = await insertImage(t, '2024/06/hosted.jpg');
    const hosted = await createEvent(t, { title: 'Hosted', image: 'http://127.0.0.1:3000/wp-content/uploads/2024/06/hosted.jpg' });
    expect(hosted.image).toMatchObject({ id: uploaded, extension: 'jpg', width: 1200 });
    expect(await attachments()).toBe(before + 1);
  });

  it('venues and organizers take image URLs too, on create and update', async () => {
    const venue = (
      await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Gallery', image: 'https://img.example.org/hall.webp' }).expect(201)
    ).body;
    expect(venue.image).toMatchObject({ url: 'https://img.example.org/hall.webp', extension: '' });
    expect((await eventPost(t, venue.image.id)).post_mime_type).toBe('image/webp');
    const organizer = (await t.http.post(`${BASE}/organizers`).set('Authorization', ADMIN).send({ organizer: 'Studio' }).expect(201)).body;
    const updated = await t.http
      .put(`${BASE}/organizers/${organizer.id}`)
      .set('Authorization', ADMIN)
      .send({ image: 'https://img.example.org/logo.svg' })
      .expect(200);
    expect(updated.body.image).toMatchObject({ url: 'https://img.example.org/logo.svg' });
    expect((await eventPost(t, updated.body.image.id)).post_parent).toBe(organizer.id);
  });

  it('refuses, with the reason and nothing written, URLs that cannot be an image record', async () => {
    const cases: [string, RegExp][] = [
      ['ftp://files.example.org/a.jpg', /http or https/],
      ['https://user:secret@example.org/a.jpg', /credentials/],
      ['https://example.org/page.html', /image file extension/],
      ['https://example.org/no-extension', /image file extension/],
      [`https://example.org/${'a'.repeat(300)}.jpg`, /at most 255 characters/],
    ];
    const before = await attachments();
    const events = await countRows(t, 'posts', "post_type = 'tribe_events'");
    for (const [image, reason] of cases) {
      const res = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, image });
      expect({ image, status: res.status, code: res.body.code }).toEqual({ image, status: 400, code: 'rest_invalid_param' });
      expect({ image, reason: res.body.data.params.image }).toEqual({ image, reason: expect.stringMatching(reason) });
    }
    // Without upload_files (a contributor), a URL is refused whatever it names.
    const denied = await t.http
      .post(EVENTS)
      .set('Authorization', contributor.auth)
      .send({ ...MINIMAL, image: 'https://cdn.example.org/ok.png' })
      .expect(400);
    expect(denied.body.data.params.image).toMatch(/upload_files/);
    expect(await attachments()).toBe(before);
    expect(await countRows(t, 'posts', "post_type = 'tribe_events'")).toBe(events);
  });
});
