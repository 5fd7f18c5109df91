import { ANONYMOUS, Caller } from '../../src/wordpress/caller';
import { EventUpdateArgs } from '../../src/events/dto/event-write.args';
import { validateRestArgs } from '../../src/rest/params/rest-validation.pipe';
import { AuthService } from '../../src/auth/auth.service';
import { UsersService } from '../../src/auth/users.service';
import { embeddedOrganizers, embeddedVenue, linkIds } from '../../src/linked-posts/embedding';
import { InlineWriteContext } from '../../src/linked-posts/linked-posts.inline';
import { OrganizersService } from '../../src/organizers/organizers.service';
import { RestError } from '../../src/reasons/rest-error';
import { VenuesService } from '../../src/venues/venues.service';
import { Permalinks } from '../../src/wordpress/permalinks';
import { SiteClockService } from '../../src/wordpress/site-clock';
import { ADMIN_USER, startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, metaOf, setPostColumns, SITE, userWithRole } from './linked-posts-test-helpers';

/** The API the events module uses: venues/organizers of an event write, and embedding in event reads. */
describe('linked posts for events (inline create-or-reuse, embedding)', () => {
  let t: TestApp;
  let venues: VenuesService;
  let organizers: OrganizersService;
  let admin: Caller;
  let contributor: Caller;

  const callerOf = async (login: string): Promise<Caller> => {
    const user = (await t.app.get(UsersService).findByLogin(login))!;
    return t.app.get(AuthService).callerFor(user);
  };
  const context = async <T>(caller: Caller, work: (ctx: InlineWriteContext) => Promise<T>): Promise<T> =>
    t.db.transaction(async () => work({ caller, clock: await t.app.get(SiteClockService).clock(), links: await t.app.get(Permalinks).forOrigin(SITE) }));
  // The parameter as an event write's DTO reads it (its shape and inline records are validated there).
  const venueInput = (raw: unknown) => validateRestArgs(EventUpdateArgs, raw === null ? {} : { venue: raw }).venue;
  const organizerInput = (raw: unknown) => validateRestArgs(EventUpdateArgs, raw === null ? {} : { organizer: raw }).organizer;
  const prepareVenue = async (raw: unknown, caller = admin) => venues.prepareForEvent(venueInput(raw), caller, await t.app.get(SiteClockService).clock(), SITE);
  const prepareOrganizers = async (raw: unknown, caller = admin) =>
    organizers.prepareForEvent(organizerInput(raw), caller, await t.app.get(SiteClockService).clock(), SITE);
  const rejection = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof RestError) return error.toBody();
      throw error;
    }
    throw new Error('expected a RestError');
  };
  const venueCount = async () =>
    Number((await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('posts')} WHERE post_type = 'tribe_venue'`))!.n);

  beforeAll(async () => {
    t = await startTestApp();
    venues = t.app.get(VenuesService);
    organizers = t.app.get(OrganizersService);
    admin = await callerOf(ADMIN_USER);
    await userWithRole(t, 'contributor');
    contributor = await callerOf('contributor-user');
  });
  afterAll(() => t.close());

  const createVenue = async (body: Record<string, unknown>) =>
    (await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send(body).expect(201)).body as { id: number };
  const createOrganizer = async (body: Record<string, unknown>) =>
    (await t.http.post(`${BASE}/organizers`).set('Authorization', ADMIN).send(body).expect(201)).body as { id: number };

  describe('venue input', () => {
    it('leaves the link alone when absent and removes it for 0, "", [] and {}', async () => {
      expect(await prepareVenue(undefined)).toEqual({ kind: 'unchanged' });
      expect(await prepareVenue(null)).toEqual({ kind: 'unchanged' });
      for (const empty of [0, '0', '', [], {}]) expect(await prepareVenue(empty)).toEqual({ kind: 'clear' });
      expect(await context(admin, (ctx) => venues.applyForEvent({ kind: 'clear' }, ctx))).toEqual([]);
      expect(await context(admin, (ctx) => venues.applyForEvent({ kind: 'unchanged' }, ctx))).toBeUndefined();
    });

    it('links an existing venue by ID, numeric string, {id} or a one-element list (Q12 DEVIATE)', async () => {
      const { id } = await createVenue({ venue: 'Linked Venue' });
      for (const raw of [id, String(id), { id }, { id: String(id) }, [id], [{ id }]]) {
        const plan = await prepareVenue(raw);
        expect(await context(admin, (ctx) => venues.applyForEvent(plan, ctx))).toEqual([id]);
      }
    });

    it('rejects non-venue IDs, several venues and comma lists as an invalid `venue` parameter', async () => {
      const { id } = await createVenue({ venue: 'Only One' });
      const organizer = await createOrganizer({ organizer: 'Not A Venue' });
      for (const raw of [999999, organizer.id, { id: 999999 }, [id, id], `${id},${id}`, 'abc', true]) {
        const body = await rejection(prepareVenue(raw));
        expect(body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { venue: expect.any(String) } } });
      }
    });

    it('creates an inline venue with the create rules, in the caller transaction', async () => {
      const plan = await prepareVenue({ venue: 'White House', city: 'Washington', state: 'DC', stateProvince: 'ignored (Q59)', show_map: false });
      const [id] = (await context(admin, (ctx) => venues.applyForEvent(plan, ctx)))!;
      const res = await t.http.get(`${BASE}/venues/${id}`).expect(200);
      expect(res.body).toMatchObject({
        venue: 'White House',
        city: 'Washington',
        stateprovince: 'DC',
        status: 'publish',
        show_map: false,
        show_map_link: true,
      });
      expect((await metaOf(t, id))._VenueOrigin).toEqual(['events-calendar']);
      const again = await context(admin, async (ctx) => venues.resolveForEvent(venueInput({ venue: 'white house', phone: '555' }), ctx, SITE));
      expect(again).toEqual([id]);
      expect((await t.http.get(`${BASE}/venues/${id}`).expect(200)).body).toMatchObject({ phone: '555', city: 'Washington' });
    });

    it('scales back the inline status for callers who cannot publish', async () => {
      const [id] = (await context(contributor, (ctx) => venues.resolveForEvent(venueInput({ venue: 'Contributor Inline', status: 'publish' }), ctx, SITE)))!;
      expect((await t.http.get(`${BASE}/venues/${id}`).set('Authorization', ADMIN).expect(200)).body.status).toBe('pending');
    });

    it('rejects inline objects POST /venues would reject; an empty name fails only when written (could-not-create-venue)', async () => {
      for (const raw of [{ city: 'No name' }, { venue: 'Bad site', website: 'nope' }, { venue: 'Bad status', status: 'trash' }]) {
        expect((await rejection(prepareVenue(raw))).code).toBe('rest_invalid_param');
      }
      const before = await venueCount();
      const plan = await prepareVenue({ venue: '', city: 'Nowhere' });
      const failure = await rejection(context(admin, (ctx) => venues.applyForEvent(plan, ctx)));
      expect(failure).toMatchObject({ code: 'could-not-create-venue', data: { status: 400 } });
      expect(await venueCount()).toBe(before);
    });

    it('writes nothing when the surrounding event transaction fails', async () => {
      const before = await venueCount();
      await expect(
        context(admin, async (ctx) => {
          await venues.resolveForEvent(venueInput({ venue: 'Rolled Back Venue' }), ctx, SITE);
          throw new Error('event write failed');
        }),
      ).rejects.toThrow('event write failed');
      expect(await venueCount()).toBe(before);
    });
  });

  describe('organizer input', () => {
    it('takes IDs, comma lists, {id} objects and inline objects in order, each ID once', async () => {
      const a = await createOrganizer({ organizer: 'Org A' });
      const b = await createOrganizer({ organizer: 'Org B' });
      expect(await context(admin, (ctx) => organizers.resolveForEvent(organizerInput(`${b.id},${a.id}`), ctx, SITE))).toEqual([b.id, a.id]);
      const mixed = (await context(admin, (ctx) =>
        organizers.resolveForEvent(organizerInput([a.id, { id: b.id }, { organizer: 'Org C', email: 'c@example.org' }, String(a.id)]), ctx, SITE),
      ))!;
      expect(mixed.slice(0, 2)).toEqual([a.id, b.id]);
      expect(mixed).toHaveLength(3);
      expect((await t.http.get(`${BASE}/organizers/${mixed[2]}`).expect(200)).body.email).toBe('c@example.org');
      expect(await context(admin, (ctx) => organizers.resolveForEvent(organizerInput({ organizer: 'Org C' }), ctx, SITE))).toEqual([mixed[2]]);
      expect(await context(admin, (ctx) => organizers.resolveForEvent(organizerInput([]), ctx, SITE))).toEqual([]);
    });

    it('rejects unknown IDs and inline organizers with an empty name as an invalid `organizer` parameter', async () => {
      for (const raw of [[999999], [{ organizer: '' }], '1,abc', [{ id: 'x' }]]) {
        expect(await rejection(prepareOrganizers(raw))).toMatchObject({ code: 'rest_invalid_param', data: { params: { organizer: expect.any(String) } } });
      }
    });
  });

  describe('embedding', () => {
    it('represents many records at once, whatever their status (Q48), json_ld only for single reads', async () => {
      const draft = await createVenue({ venue: 'Embedded Draft', status: 'draft', city: 'X' });
      const published = await createVenue({ venue: 'Embedded Published' });
      const list = await venues.embed([draft.id, published.id, 999999], { caller: ANONYMOUS, requestOrigin: SITE, single: false });
      expect([...list.keys()].sort()).toEqual([draft.id, published.id].sort());
      expect(list.get(draft.id)).toMatchObject({ venue: 'Embedded Draft', status: 'draft', city: 'X' });
      expect(list.get(published.id)!.json_ld).toBeUndefined();
      const single = await venues.embed([draft.id, published.id], { caller: ANONYMOUS, requestOrigin: SITE, single: true });
      expect(single.get(published.id)!.json_ld).toMatchObject({ '@type': 'Place', name: 'Embedded Published' });
      expect(single.get(draft.id)!.json_ld).toBeUndefined();
    });

    it('blanks embedded password-protected records unless the password is given', async () => {
      const org = await createOrganizer({ organizer: 'Embedded Locked', phone: '1' });
      await setPostColumns(t, org.id, { post_password: 'pw' });
      expect((await organizers.embed([org.id], { caller: ANONYMOUS, requestOrigin: SITE, single: true })).get(org.id)).toMatchObject({
        organizer: [],
        phone: '',
      });
      const open = (await organizers.embed([org.id], { caller: ANONYMOUS, requestOrigin: SITE, single: true, credentials: { password: 'pw' } })).get(org.id)!;
      expect(open).toMatchObject({ organizer: 'Embedded Locked', phone: '1' });
    });

    it('shapes an event venue as [] / object / array and organizers as an array (Q1, Q2)', () => {
      const reps = new Map([
        [5, { id: 5 }],
        [6, { id: 6 }],
      ]);
      expect(embeddedVenue([], reps)).toEqual([]);
      expect(embeddedVenue(linkIds(['0', '', '77']), reps)).toEqual([]);
      expect(embeddedVenue(linkIds([' 5']), reps)).toEqual({ id: 5 });
      expect(embeddedVenue([5, 6], reps)).toEqual([{ id: 5 }, { id: 6 }]);
      expect(embeddedOrganizers([6, 99, 5], reps)).toEqual([{ id: 6 }, { id: 5 }]);
      expect(embeddedOrganizers([], reps)).toEqual([]);
    });
  });
});
