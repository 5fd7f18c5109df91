import { Test } from '@nestjs/testing';
import { ListTotals } from '../../../../src/cache/list-totals';
import { AppConfig } from '../../../../src/config/app-config';
import { DatabaseService } from '../../../../src/database/database.service';
// Through the resource's index: loading EventsModule registers `tribe_events` and its capabilities.
import { EventsReadService } from '../../../../src/events';
import { EventLoader } from '../../../../src/events/read/event.loader';
import { EventSettingsReader } from '../../../../src/events/read/event-settings';
import { EventTermFilter } from '../../../../src/events/read/event-term-filter';
import { TicketData } from '../../../../src/events/repository/ticket-links';
import { EventTexts } from '../../../../src/events/read/event-texts';
import { VenueGeoIndex } from '../../../../src/venues/venue-geo.index';
import { PostsStore } from '../../../../src/wordpress/posts.store';
import { SiteService } from '../../../../src/wordpress/site.service';
import { callerWith, contextOf, eventRow, refusal } from './event-fixtures';

/** EventsReadService alone (issue #33 item 5): its stores and the representation loader are jest mocks. */
describe('EventsReadService (stores mocked)', () => {
  let service: EventsReadService;
  const loader = { post: jest.fn(), represent: jest.fn() };
  const posts = { byId: jest.fn(), bySlug: jest.fn(), byIds: jest.fn() };

  beforeEach(async () => {
    jest.resetAllMocks();
    loader.represent.mockImplementation(async (ids: number[]) => new Map(ids.map((id) => [id, { id, title: 'Jazz' }])));
    const moduleRef = await Test.createTestingModule({
      providers: [
        EventsReadService,
        { provide: EventLoader, useValue: loader },
        { provide: PostsStore, useValue: posts },
        { provide: DatabaseService, useValue: {} },
        { provide: EventSettingsReader, useValue: {} },
        { provide: EventTermFilter, useValue: {} },
        { provide: SiteService, useValue: {} },
        { provide: AppConfig, useValue: {} },
        { provide: ListTotals, useValue: {} },
        { provide: TicketData, useValue: {} },
        { provide: VenueGeoIndex, useValue: {} },
        { provide: EventTexts, useValue: {} },
      ],
    }).compile();
    service = moduleRef.get(EventsReadService);
  });

  it('answers a published event to anyone, represented once with its json_ld', async () => {
    loader.post.mockResolvedValue(eventRow());
    expect(await service.read(contextOf(), { id: 10 })).toEqual({ id: 10, title: 'Jazz' });
    expect(loader.represent).toHaveBeenCalledTimes(1);
    expect(loader.represent).toHaveBeenCalledWith([10], expect.objectContaining({ mode: 'single', requestOrigin: 'https://example.org' }));
  });

  it('refuses a draft to an anonymous caller (403 event-not-accessible) without representing it', async () => {
    loader.post.mockResolvedValue(eventRow({ post_status: 'draft' }));
    expect(await refusal(service.read(contextOf(), { id: 10 }))).toEqual({ code: 'event-not-accessible', status: 403 });
    expect(loader.represent).not.toHaveBeenCalled();
  });

  it('shows a draft to its author, who may edit it', async () => {
    loader.post.mockResolvedValue(eventRow({ post_status: 'draft', post_author: 5 }));
    const author = callerWith(5, 'edit_tribe_events', 'read');
    expect(await service.read(contextOf(author), { id: 10 })).toEqual({ id: 10, title: 'Jazz' });
  });

  it('refuses a trashed event with 403 event-no-longer-available, before any access check', async () => {
    loader.post.mockResolvedValue(eventRow({ post_status: 'trash' }));
    expect(await refusal(service.read(contextOf(), { id: 10 }))).toEqual({ code: 'event-no-longer-available', status: 403 });
  });

  it('hides a password-protected event without the password; with it, shows it without json_ld', async () => {
    loader.post.mockResolvedValue(eventRow({ post_password: 'sesame' }));
    expect(await refusal(service.read(contextOf(), { id: 10 }))).toEqual({ code: 'event-password-protected', status: 403 });
    expect(await refusal(service.read(contextOf(undefined, { password: 'wrong' }), { id: 10 }))).toEqual({ code: 'event-password-protected', status: 403 });
    expect(loader.represent).not.toHaveBeenCalled();

    await service.read(contextOf(undefined, { password: 'sesame' }), { id: 10 });
    expect(loader.represent).toHaveBeenCalledWith([10], expect.objectContaining({ mode: 'single-without-json-ld', credentials: { password: 'sesame' } }));
  });

  it('answers 404 rest-event-not-found for a missing ID and 400 rest-invalid-event-id for another post type', async () => {
    loader.post.mockResolvedValue(undefined);
    posts.byId.mockResolvedValue(undefined);
    expect(await refusal(service.read(contextOf(), { id: 404 }))).toEqual({ code: 'rest-event-not-found', status: 404 });
    posts.byId.mockResolvedValue(eventRow({ ID: 7, post_type: 'post' }));
    expect(await refusal(service.read(contextOf(), { id: 7 }))).toEqual({ code: 'rest-invalid-event-id', status: 400 });
    expect(loader.represent).not.toHaveBeenCalled();
  });

  it('answers an unknown slug as an invalid `slug` parameter (400)', async () => {
    posts.bySlug.mockResolvedValue(undefined);
    expect(await refusal(service.read(contextOf(), { slug: 'nothing-here' }))).toEqual({ code: 'rest_invalid_param', status: 400 });
    expect(posts.bySlug).toHaveBeenCalledWith('tribe_events', 'nothing-here');
  });

  it('renders any status for the write side, without json_ld when asked', async () => {
    expect(await service.render(contextOf(), 10, { jsonLd: false })).toEqual({ id: 10, title: 'Jazz' });
    expect(loader.represent).toHaveBeenCalledWith([10], expect.objectContaining({ mode: 'plain' }));
    loader.represent.mockResolvedValue(new Map());
    expect(await refusal(service.render(contextOf(), 11))).toEqual({ code: 'rest-event-not-found', status: 404 });
  });
});
