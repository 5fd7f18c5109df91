import { TermRow } from '../../src/wordpress/terms.store';
import { BASE, startTestApp, TestApp } from '../support/test-app';
import { ADMIN, EVENTS, ids, insertEvent, insertLinked, insertTerm, Login, userWithRole } from './events-test-helpers';

/**
 * Issue #13, finding 8: list filters and searches must not match a password-protected record through
 * a field the caller sees blanked (auth-and-permissions.md §4.4). Unlocked means: the `password`
 * parameter equals the record's password, or `context=edit` by a caller who may edit the record.
 */
describe('security: list matching on password-protected records', () => {
  let t: TestApp;
  let subscriber: Login;
  let owner: Login;
  let otherAuthor: Login;
  let editor: Login;
  const Y2030 = 'start_date=2030-01-01&end_date=2030-12-31';

  let venue: number;
  let lonelyVenue: number;
  let organizer: number;
  let category: TermRow;
  let tag: TermRow;
  /** Protected (`Sesame`), featured, with venue, organizer, category and tag; words only in its hidden fields. */
  let guarded: number;
  /** Protected (`Other`), not featured, the only event of `lonelyVenue`. */
  let second: number;
  let open: number;
  let lockedVenue: number;
  let lockedOrganizer: number;

  beforeAll(async () => {
    t = await startTestApp();
    subscriber = await userWithRole(t, 'subscriber');
    owner = await userWithRole(t, 'author', 'owner-author');
    otherAuthor = await userWithRole(t, 'author', 'other-author');
    editor = await userWithRole(t, 'editor');
    venue = await insertLinked(t, 'tribe_venue', 'Public Hall');
    lonelyVenue = await insertLinked(t, 'tribe_venue', 'Lonely Hall');
    organizer = await insertLinked(t, 'tribe_organizer', 'Public Host');
    category = await insertTerm(t, 'tribe_events_cat', 'Guarded Category');
    tag = await insertTerm(t, 'post_tag', 'Guarded Tag');
    guarded = await insertEvent(t, {
      title: 'Guarded Gala',
      content: 'Bring the zephyrword along.',
      excerpt: 'An excerpt with quokkaword.',
      password: 'Sesame',
      author: owner.id,
      venue,
      organizers: [organizer],
      categories: [category],
      tags: [tag],
      featured: true,
      start: '2030-03-01 10:00:00',
    });
    second = await insertEvent(t, { title: 'Guarded Second', password: 'Other', venue: lonelyVenue, start: '2030-03-02 10:00:00' });
    open = await insertEvent(t, { title: 'Open Fair', content: 'Also zephyrword here.', venue, organizers: [organizer], start: '2030-03-03 10:00:00' });
    lockedVenue = await insertLinked(
      t,
      'tribe_venue',
      'Hidden Hall',
      [
        ['_VenueAddress', 'Quillstreet 5'],
        ['_VenueCity', 'Xanaduville'],
      ],
      'publish',
      'Sesame',
    );
    lockedOrganizer = await insertLinked(t, 'tribe_organizer', 'Hidden Host', [['_OrganizerEmail', 'whisper@example.org']], 'publish', 'Sesame');
  });
  afterAll(() => t?.close());

  /** Event IDs of the list (in 2030 unless the query has its own window). */
  const events = async (query: string, auth?: string) => {
    const req = t.http.get(`${EVENTS}?${query.includes('start_date=') ? '' : `${Y2030}&`}${query}`);
    const res = await (auth ? req.set('Authorization', auth) : req);
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
    expect(res.body.total).toBe(res.body.events.length);
    return ids(res.body);
  };
  const linked = async (collection: 'venues' | 'organizers', query: string, auth?: string) => {
    const req = t.http.get(`${BASE}/${collection}?per_page=50&${query}`);
    const res = await (auth ? req.set('Authorization', auth) : req);
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
    expect(res.body.total).toBe(res.body[collection].length);
    return res.body[collection].map((r: { id: number }) => r.id);
  };

  describe('event search', () => {
    it('does not match the hidden description or excerpt of a locked protected event, only its title', async () => {
      expect(await events('search=zephyrword', subscriber.auth)).toEqual([open]);
      expect(await events('search=quokkaword', subscriber.auth)).toEqual([]);
      expect(await events('search=Guarded Gala', subscriber.auth)).toEqual([guarded]);
      // Anonymous searches still leave protected events out altogether (WP core).
      expect(await events('search=Guarded')).toEqual([]);
    });

    it('does not exclude a locked protected event for a word only its hidden fields hold (-word)', async () => {
      expect(await events('search=-zephyrword', subscriber.auth)).toEqual([guarded, second]);
      expect(await events('search=-Gala', subscriber.auth)).toEqual([second, open]);
    });

    it('searches the hidden fields for callers who unlocked the event or may edit it (its exact password, or edit rights)', async () => {
      expect(await events('search=zephyrword&password=Sesame', subscriber.auth)).toEqual([guarded, open]);
      expect(await events('search=-zephyrword&password=Sesame', subscriber.auth)).toEqual([second]);
      expect(await events('search=quokkaword&password=sesame', subscriber.auth)).toEqual([]);
      expect(await events('search=quokkaword&password=Other', subscriber.auth)).toEqual([]);
      expect(await events('search=quokkaword&context=edit', editor.auth)).toEqual([guarded]);
      expect(await events('search=quokkaword&context=edit', owner.auth)).toEqual([guarded]);
      expect(await events('search=quokkaword&context=edit', otherAuthor.auth)).toEqual([]);
      expect(await events('search=quokkaword&context=edit', subscriber.auth)).toEqual([]);
      // Issue #31 item 6: a search needs no context=edit to match what the caller may edit (the plugin's administrator search).
      expect(await events('search=quokkaword', editor.auth)).toEqual([guarded]);
      expect(await events('search=quokkaword', otherAuthor.auth)).toEqual([]);
    });

    it('unlocks by context=edit exactly the events the caller may edit (a contributor: own unpublished ones, trashed ones by their former status)', async () => {
      const contributor = await userWithRole(t, 'contributor');
      const plan = (title: string, status: string, meta: [string, string][] = []) =>
        insertEvent(t, { title, content: 'llamaword', password: 'Plan', author: contributor.id, status, meta, start: '2031-05-01 10:00:00' });
      const pending = await plan('Pending Plan', 'pending');
      await plan('Published Plan', 'publish');
      const trashedDraft = await plan('Trashed Draft Plan', 'trash', [['_wp_trash_meta_status', 'draft']]);
      await plan('Trashed Published Plan', 'trash', [['_wp_trash_meta_status', 'publish']]);
      const in2031 = (query: string, auth: string) => events(`start_date=2031-01-01&end_date=2031-12-31&${query}`, auth);
      expect(await in2031('search=llamaword&context=edit', contributor.auth)).toEqual([pending]);
      expect(await in2031('search=llamaword&context=edit&status=trash', contributor.auth)).toEqual([trashedDraft]);
      expect(await in2031('search=llamaword&status=any,trash', contributor.auth)).toEqual([pending, trashedDraft]);
      expect(await in2031('search=llamaword&context=edit&status=any,trash', owner.auth)).toEqual([]);
    });
  });

  describe('event filters on blanked fields', () => {
    it('does not match a locked protected event through its venue, organizer or tags; categories list it (issue #31 item 6)', async () => {
      // Without such filters it is listed, blanked, with its title.
      const all = await t.http.get(`${EVENTS}?${Y2030}`).expect(200);
      expect(ids(all.body)).toEqual([guarded, second, open]);
      expect(all.body.events[0]).toMatchObject({ title: 'Guarded Gala', description: '', venue: [], categories: [] });
      expect(await events(`venue=${venue}`)).toEqual([open]);
      expect(await events(`venue=${lonelyVenue}`)).toEqual([]);
      expect(await events(`organizer=${organizer}`, subscriber.auth)).toEqual([open]);
      expect(await events(`categories=${category.term_id}`)).toEqual([guarded]);
      expect(await events(`tags=${tag.term_id}`)).toEqual([]);
    });

    it('does not match a locked protected event through `featured`, in either direction', async () => {
      expect(await events('featured=true')).toEqual([]);
      expect(await events('featured=false')).toEqual([open]);
    });

    it('matches them once the caller unlocked the event', async () => {
      expect(await events(`venue=${venue}&password=Sesame`)).toEqual([guarded, open]);
      expect(await events(`venue=${lonelyVenue}&password=Sesame`)).toEqual([]);
      expect(await events(`venue=${lonelyVenue}&password=Other`)).toEqual([second]);
      expect(await events(`categories=${category.term_id}&context=edit`, editor.auth)).toEqual([guarded]);
      expect(await events(`tags=${tag.term_id}&context=edit`, owner.auth)).toEqual([guarded]);
      expect(await events(`tags=${tag.term_id}&context=edit`, otherAuthor.auth)).toEqual([]);
      expect(await events('featured=true&password=Sesame')).toEqual([guarded]);
      expect(await events('featured=false&password=Other')).toEqual([second, open]);
    });
  });

  describe('venue and organizer search', () => {
    it('does not match the blanked address, city or e-mail of a locked protected record, only its title', async () => {
      expect(await linked('venues', 'search=Quillstreet')).toEqual([]);
      expect(await linked('venues', 'search=Xanaduville', subscriber.auth)).toEqual([]);
      expect(await linked('venues', 'search=Hidden Hall')).toEqual([lockedVenue]);
      expect(await linked('organizers', 'search=whisper')).toEqual([]);
      expect(await linked('organizers', 'search=Hidden Host')).toEqual([lockedOrganizer]);
    });

    it('searches those fields for callers who unlocked the record', async () => {
      expect(await linked('venues', 'search=Quillstreet&password=Sesame')).toEqual([lockedVenue]);
      expect(await linked('venues', 'search=Quillstreet&password=sesame')).toEqual([]);
      expect(await linked('venues', 'search=Xanaduville&context=edit', editor.auth)).toEqual([lockedVenue]);
      expect(await linked('venues', 'search=Xanaduville&context=edit', subscriber.auth)).toEqual([]);
      expect(await linked('organizers', 'search=whisper&context=edit', ADMIN)).toEqual([lockedOrganizer]);
    });
  });

  describe('venue and organizer filters read through events', () => {
    it('`event` does not reveal the venue or organizers of a locked protected event', async () => {
      expect(await linked('venues', `event=${guarded}`)).toEqual([]);
      expect(await linked('organizers', `event=${guarded}`, subscriber.auth)).toEqual([]);
      expect(await linked('venues', `event=${guarded}&password=Sesame`)).toEqual([venue]);
      expect(await linked('organizers', `event=${guarded}&context=edit`, editor.auth)).toEqual([organizer]);
      expect(await linked('venues', `event=${open}`)).toEqual([venue]);
    });

    it('`has_events` and `only_with_upcoming` count only events whose links the caller can read', async () => {
      expect(await linked('venues', 'has_events=true')).toEqual([venue]);
      expect(await linked('venues', 'has_events=false')).toEqual(expect.arrayContaining([lonelyVenue]));
      expect(await linked('venues', 'only_with_upcoming=true')).toEqual([venue]);
      expect(await linked('venues', 'has_events=true&password=Other')).toEqual([lonelyVenue, venue]);
      expect(await linked('venues', 'only_with_upcoming=true&context=edit', ADMIN)).toEqual([lonelyVenue, venue]);
    });
  });
});
