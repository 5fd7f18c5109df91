import { Test } from '@nestjs/testing';
import { DatabaseService } from '../../../../src/database/database.service';
import { prepareEventDates } from '../../../../src/dates';
// Through the resource's index: loading EventsModule registers `tribe_events` and its capabilities.
import { EventListings } from '../../../../src/events/repository/event-listings';
import { KeptTotals } from '../../../../src/cache/kept-totals';
import { SeriesWriteListing } from '../../../../src/events/write/series-write-listing';
import { EventCreateArgs, EventsReadService, EventsWriteService, EventUpdateArgs, KnownRange, SeriesWriter, TecTables } from '../../../../src/events';
import { suppliedParam } from '../../../../src/events/dto/event-write.args';
import { EventTermsWriter } from '../../../../src/events/write/event-terms';
import { EventWritePlan, EventWritePlanner } from '../../../../src/events/write/event-write-plan';
import { EventWriter } from '../../../../src/events/write/event-writer';
import { OrganizersService } from '../../../../src/organizers/organizers.service';
import { validateRestArgs } from '../../../../src/rest/params/rest-validation.pipe';
import { VenuesService } from '../../../../src/venues/venues.service';
import { AttachmentsStore } from '../../../../src/wordpress/attachments';
import { Permalinks, PostLinks } from '../../../../src/wordpress/permalinks';
import { PostsStore } from '../../../../src/wordpress/posts.store';
import { SiteClock, SiteClockService } from '../../../../src/wordpress/site-clock';
import { callerWith, contextOf, eventRow, refusal } from './event-fixtures';

const NOW = Date.UTC(2031, 0, 1, 12, 0, 0);
const AUTHOR_CAPS = ['edit_tribe_events', 'edit_published_tribe_events', 'delete_tribe_events', 'delete_published_tribe_events', 'read'];

/** A create request as the validation pipe hands it over, and the plan the planner (mocked) makes of it. */
function createPlan(body: Record<string, unknown>): EventWritePlan {
  const args = validateRestArgs(EventCreateArgs, body);
  const eventDates = prepareEventDates({ start_date: args.start_date, end_date: args.end_date, timezone: 'Europe/Paris' }, { timezone: 'UTC' }, NOW);
  return {
    args,
    supplied: (name) => suppliedParam(args, name),
    input: { args: {}, dates: {} },
    eventDates,
    terms: new Map(),
    venue: { kind: 'unchanged' },
    organizer: { kind: 'unchanged' },
  };
}

/**
 * EventsWriteService alone (issue #33 item 5) with the real EventWriter: the stores, the planner's
 * database checks and the representation are jest mocks, so what the service asks the stores to write
 * (and that a refused caller gets nothing written) is read off the mocks.
 */
describe('EventsWriteService (stores mocked)', () => {
  let service: EventsWriteService;
  const posts = {
    byId: jest.fn(),
    bySlug: jest.fn(),
    metaOf: jest.fn(),
    lockedById: jest.fn(),
    insert: jest.fn(),
    update: jest.fn(),
    recordSlugChange: jest.fn(),
    claimSlug: jest.fn(),
    batchMeta: jest.fn(),
    setMeta: jest.fn(),
    addMeta: jest.fn(),
    deleteMeta: jest.fn(),
    replaceMeta: jest.fn(),
    trackModified: jest.fn(),
  };
  const db = { transaction: jest.fn() };
  const planner = { plan: jest.fn(), series: jest.fn() };
  const reader = { render: jest.fn() };
  const tec = { upsert: jest.fn() };
  const terms = { canAssign: jest.fn(), assign: jest.fn(), recountObjects: jest.fn() };
  const linked = { applyForEvent: jest.fn() };
  const series = { seriesOf: jest.fn(), create: jest.fn() };
  const noDates = { dates: null, allDay: undefined };

  beforeEach(async () => {
    jest.resetAllMocks();
    db.transaction.mockImplementation((work: () => unknown) => work());
    posts.batchMeta.mockImplementation((_id: number, work: () => unknown) => work());
    posts.claimSlug.mockImplementation(async (slug: string) => slug);
    posts.insert.mockResolvedValue(42);
    posts.setMeta.mockResolvedValue(true);
    posts.metaOf.mockResolvedValue(new Map());
    reader.render.mockImplementation(async (_ctx: unknown, id: number) => ({ id }));
    const moduleRef = await Test.createTestingModule({
      providers: [
        EventsWriteService,
        EventWriter,
        { provide: DatabaseService, useValue: db },
        { provide: PostsStore, useValue: posts },
        { provide: EventWritePlanner, useValue: planner },
        { provide: EventsReadService, useValue: reader },
        { provide: SiteClockService, useValue: { clock: async () => new SiteClock('UTC', () => NOW) } },
        {
          provide: Permalinks,
          useValue: { forOrigin: async () => new PostLinks({ publicBase: 'https://example.org', structure: '/%postname%/', eventSlug: 'event' }) },
        },
        { provide: SeriesWriter, useValue: series },
        { provide: EventTermsWriter, useValue: terms },
        { provide: VenuesService, useValue: linked },
        { provide: OrganizersService, useValue: linked },
        { provide: TecTables, useValue: tec },
        { provide: EventListings, useValue: { of: jest.fn().mockResolvedValue({ keys: [] }), addedOrRemoved: () => [], updated: () => [] } },
        { provide: KeptTotals, useValue: { before: jest.fn().mockResolvedValue(undefined), created: jest.fn() } },
        { provide: SeriesWriteListing, useValue: { before: jest.fn(), created: jest.fn() } },
        { provide: KnownRange, useValue: { refresh: jest.fn() } },
        { provide: AttachmentsStore, useValue: {} },
      ],
    }).compile();
    service = moduleRef.get(EventsWriteService);
  });

  const body = { title: 'Jazz in the park', start_date: '2031-06-20 19:00:00', end_date: '2031-06-20 22:00:00', status: 'publish' };

  it('writes a simple create in one transaction: the post row, its dates as meta and TEC rows, then answers it without json_ld', async () => {
    planner.plan.mockResolvedValue(createPlan(body));
    const ctx = contextOf(callerWith(3, ...AUTHOR_CAPS, 'publish_tribe_events'));
    expect(await service.create(ctx, validateRestArgs(EventCreateArgs, body))).toEqual({ id: 42 });

    expect(db.transaction).toHaveBeenCalledTimes(1);
    expect(posts.insert).toHaveBeenCalledTimes(1);
    expect(posts.insert).toHaveBeenCalledWith(
      expect.objectContaining({
        post_type: 'tribe_events',
        post_status: 'publish',
        post_author: 3,
        post_title: 'Jazz in the park',
        post_name: 'jazz-in-the-park',
        post_content: '',
      }),
    );
    const meta = new Map(posts.setMeta.mock.calls.map(([, key, value]) => [key, value]));
    expect(meta.get('_EventStartDate')).toBe('2031-06-20 19:00:00');
    expect(meta.get('_EventEndDate')).toBe('2031-06-20 22:00:00');
    expect(meta.get('_EventStartDateUTC')).toBe('2031-06-20 17:00:00');
    expect(meta.get('_EventTimezone')).toBe('Europe/Paris');
    expect(posts.addMeta).toHaveBeenCalledWith(42, '_EventOrigin', 'events-calendar');
    expect(tec.upsert).toHaveBeenCalledWith(42, expect.objectContaining({ _EventStartDate: '2031-06-20 19:00:00' }), expect.any(String), { created: true });
    expect(reader.render).toHaveBeenCalledWith(ctx, 42, { jsonLd: false });
  });

  it('scales a contributor’s `publish` back to `pending`', async () => {
    planner.plan.mockResolvedValue(createPlan(body));
    await service.create(contextOf(callerWith(4, ...AUTHOR_CAPS)), validateRestArgs(EventCreateArgs, body));
    expect(posts.insert).toHaveBeenCalledWith(expect.objectContaining({ post_status: 'pending' }));
  });

  it('refuses a create without edit_tribe_events (401 anonymous, 403 signed in) before any write', async () => {
    planner.plan.mockResolvedValue(createPlan(body));
    expect(await refusal(service.create(contextOf(), validateRestArgs(EventCreateArgs, body)))).toEqual({ code: 'rest_forbidden', status: 401 });
    expect(await refusal(service.create(contextOf(callerWith(5, 'read')), validateRestArgs(EventCreateArgs, body)))).toEqual({
      code: 'rest_forbidden',
      status: 403,
    });
    expect(db.transaction).not.toHaveBeenCalled();
    expect(posts.insert).not.toHaveBeenCalled();
  });

  it('refuses to update or trash another author’s published event without the *_others_* capabilities, before any write', async () => {
    posts.byId.mockResolvedValue(eventRow({ post_author: 1 }));
    planner.plan.mockResolvedValue(createPlan(body));
    const ctx = contextOf(callerWith(3, ...AUTHOR_CAPS, 'publish_tribe_events'));
    expect(await refusal(service.update(ctx, { id: 10 }, validateRestArgs(EventCreateArgs, body)))).toEqual({ code: 'rest_forbidden', status: 403 });
    expect(await refusal(service.remove(ctx, { id: 10 }, {}))).toEqual({ code: 'rest_forbidden', status: 403 });
    expect(db.transaction).not.toHaveBeenCalled();
    expect(posts.lockedById).not.toHaveBeenCalled();
    expect(posts.update).not.toHaveBeenCalled();
  });

  it('answers 404 rest-event-not-found for a missing ID, once the general capability is held', async () => {
    posts.byId.mockResolvedValue(undefined);
    planner.plan.mockResolvedValue(createPlan(body));
    const ctx = contextOf(callerWith(3, ...AUTHOR_CAPS));
    expect(await refusal(service.update(ctx, { id: 99 }, validateRestArgs(EventCreateArgs, body)))).toEqual({ code: 'rest-event-not-found', status: 404 });
    expect(await refusal(service.remove(ctx, { id: 99 }, {}))).toEqual({ code: 'rest-event-not-found', status: 404 });
    expect(db.transaction).not.toHaveBeenCalled();
  });
  it('changes only the columns an update supplied, not those its DTO gave defaults (Q9)', async () => {
    const stored = eventRow({ post_author: 3 });
    posts.byId.mockResolvedValue(stored);
    posts.lockedById.mockResolvedValue(stored);
    series.seriesOf.mockResolvedValue(undefined);
    const args = validateRestArgs(EventUpdateArgs, { title: 'Jazz at night' });
    // `all_day` holds its default, yet was not supplied: a partial update leaves the stored flag alone.
    expect(args.all_day).toBe(false);
    expect(suppliedParam(args, 'all_day')).toBe(false);
    planner.plan.mockResolvedValue({
      args,
      supplied: (name: string) => suppliedParam(args, name),
      input: { args: {}, dates: {} },
      eventDates: noDates,
      terms: new Map(),
      venue: { kind: 'unchanged' },
      organizer: { kind: 'unchanged' },
    });
    const ctx = contextOf(callerWith(3, ...AUTHOR_CAPS));
    await service.update(ctx, { id: 10 }, args);

    expect(posts.update).toHaveBeenCalledTimes(1);
    const [id, columns] = posts.update.mock.calls[0] as [number, Record<string, unknown>];
    expect(id).toBe(10);
    expect(columns.post_title).toBe('Jazz at night');
    expect(columns).not.toHaveProperty('post_content');
    expect(columns).not.toHaveProperty('post_status');
    expect(columns).not.toHaveProperty('post_excerpt');
    expect(columns).not.toHaveProperty('menu_order');
    expect(posts.insert).not.toHaveBeenCalled();
  });
});
