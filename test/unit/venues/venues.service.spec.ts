import { Test } from '@nestjs/testing';
import { ListTotals } from '../../../src/cache/list-totals';
import { AppConfig } from '../../../src/config/app-config';
import { DatabaseService } from '../../../src/database/database.service';
import { LinkedInputResolver, ResolvedInput } from '../../../src/linked-posts/linked-input.resolver';
import { LinkedPostLoader } from '../../../src/linked-posts/linked-post.loader';
import { LinkedPostWriter } from '../../../src/linked-posts/linked-post.writer';
import { LinkedPostsInline } from '../../../src/linked-posts/linked-posts.inline';
import { LinkedPostsService } from '../../../src/linked-posts/linked-posts.service';
import { LinkedRecord } from '../../../src/linked-posts/representation';
import { RestError } from '../../../src/reasons/rest-error';
import { RequestContext } from '../../../src/rest/request-context';
import { VENUE } from '../../../src/venues/venue.type';
import { VenuesService } from '../../../src/venues/venues.service';
// Registers the venues' declaration (post type → capability base), as mounting the module does.
import '../../../src/venues/venues.module';
import { ANONYMOUS, Caller } from '../../../src/wordpress/caller';
import { Permalinks } from '../../../src/wordpress/permalinks';
import { PostMeta, PostRow, PostsStore } from '../../../src/wordpress/posts.store';
import { SiteClockService } from '../../../src/wordpress/site-clock';
import { SiteService } from '../../../src/wordpress/site.service';

/** The venue service alone: the posts store, loader, writer and input resolver are jest mocks. */
describe('VenuesService (shared linked-post behaviour, stores mocked)', () => {
  const editor: Caller = {
    id: 3,
    login: 'editor',
    capabilities: new Set(['read', ...['', 'others_', 'published_', 'private_'].flatMap((kind) => [`edit_${kind}tribe_venues`, `delete_${kind}tribe_venues`])]),
  };
  const contributor: Caller = { id: 4, login: 'contributor', capabilities: new Set(['read', 'edit_tribe_venues']) };
  const ctx = (caller: Caller): RequestContext => ({ caller, origin: 'http://api.test', credentials: {} });
  const post = (over: Partial<PostRow>): PostRow =>
    ({
      ID: 12,
      post_author: 3,
      post_date: '2026-01-01 10:00:00',
      post_date_gmt: '2026-01-01 09:00:00',
      post_content: '',
      post_title: 'City hall',
      post_excerpt: '',
      post_status: 'publish',
      post_password: '',
      post_name: 'city-hall',
      post_modified: '2026-01-01 10:00:00',
      post_modified_gmt: '2026-01-01 09:00:00',
      post_parent: 0,
      guid: '',
      menu_order: 0,
      post_type: 'tribe_venue',
      post_mime_type: '',
      ...over,
    }) as PostRow;
  const meta = (entries: [string, string][] = []): PostMeta => new Map(entries.map(([k, v]) => [k, [v]]));

  let posts: { byId: jest.Mock; bySlug: jest.Mock; metaOf: jest.Mock; lockedById: jest.Mock };
  let loader: { load: jest.Mock };
  let writer: { create: jest.Mock; update: jest.Mock; trash: jest.Mock; deletePermanently: jest.Mock };
  let resolver: { resolve: jest.Mock };
  let db: { transaction: jest.Mock };
  let venues: VenuesService;

  /** The loader answers the given rows with their meta, as the tables would. */
  const stored = (rows: PostRow[], metaOf = meta()) =>
    loader.load.mockImplementation(async (_type, ids: number[]) => {
      const records = rows
        .filter((row) => ids.includes(row.ID))
        .map((row): [number, LinkedRecord] => [row.ID, { post: row, meta: metaOf, image: false, galleryImages: new Set() }]);
      return new Map(records);
    });

  beforeEach(async () => {
    posts = { byId: jest.fn(), bySlug: jest.fn(), metaOf: jest.fn().mockResolvedValue(meta()), lockedById: jest.fn() };
    loader = { load: jest.fn() };
    writer = { create: jest.fn(), update: jest.fn(), trash: jest.fn(), deletePermanently: jest.fn() };
    resolver = { resolve: jest.fn(async (args): Promise<ResolvedInput> => ({ args, author: args.author, dates: {} })) };
    db = { transaction: jest.fn((work: () => Promise<unknown>) => work()) };
    const links = {
      permalink: (p: PostRow) => `http://site.test/venue/${p.post_name}/`,
      globalId: (id: number) => `site.test?id=${id}`,
      globalIdLineage: (id: number) => [`site.test?id=${id}`],
      guid: () => '',
    };
    const moduleRef = await Test.createTestingModule({
      providers: [
        VenuesService,
        LinkedPostsService,
        { provide: LinkedPostsInline, useValue: {} },
        { provide: DatabaseService, useValue: db },
        { provide: PostsStore, useValue: posts },
        { provide: LinkedPostLoader, useValue: loader },
        { provide: LinkedPostWriter, useValue: writer },
        { provide: LinkedInputResolver, useValue: resolver },
        { provide: Permalinks, useValue: { forOrigin: jest.fn().mockResolvedValue(links) } },
        { provide: SiteClockService, useValue: { clock: jest.fn().mockResolvedValue({}) } },
        { provide: SiteService, useValue: { defaultPerPage: jest.fn().mockResolvedValue(10) } },
        { provide: AppConfig, useValue: { maxPerPage: 100 } },
        { provide: ListTotals, useValue: {} },
      ],
    }).compile();
    venues = moduleRef.get(VenuesService);
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => Promise.reject(new Error('resolved')),
      (error: RestError) => error,
    );

  it('reads a published venue for anyone, in the Venue shape with its JSON-LD', async () => {
    const row = post({});
    posts.byId.mockResolvedValue(row);
    stored([row], meta([['_VenueCity', 'Springfield']]));
    const venue = await venues.read(ctx(ANONYMOUS), 12);
    expect(venue).toMatchObject({ id: 12, venue: 'City hall', city: 'Springfield', slug: 'city-hall', show_map: true, show_map_link: true, author: '3' });
    expect(venue.json_ld).toMatchObject({ '@type': 'Place', name: 'City hall' });
    expect(loader.load).toHaveBeenCalledWith(VENUE, [12], 'http://api.test');
  });

  it('refuses another author’s draft to an anonymous caller without loading it', async () => {
    posts.byId.mockResolvedValue(post({ post_status: 'draft', post_author: 9 }));
    const error = await failure(venues.read(ctx(ANONYMOUS), 12));
    expect([error.code, error.status]).toEqual(['venue-not-accessible', 403]);
    expect(loader.load).not.toHaveBeenCalled();
  });

  it('answers an ID of another post type as an invalid parameter, and a slug through the by-slug lookup', async () => {
    posts.byId.mockResolvedValue(post({ post_type: 'tribe_organizer' }));
    const error = await failure(venues.read(ctx(editor), 12));
    expect([error.code, error.status]).toEqual(['rest_invalid_param', 400]);
    posts.bySlug.mockResolvedValue(undefined);
    expect((await failure(venues.read(ctx(editor), { slug: 'Nowhere' }))).code).toBe('rest_invalid_param');
    expect(posts.bySlug).toHaveBeenCalledWith('tribe_venue', 'nowhere');
  });

  it('creates through the writer in one transaction, with the resolved input, and answers the new venue', async () => {
    writer.create.mockResolvedValue(30);
    stored([post({ ID: 30, post_title: 'Library', post_name: 'library', post_author: 4 })]);
    const venue = await venues.create(ctx(contributor), { venue: 'Library' });
    expect(db.transaction).toHaveBeenCalledTimes(1);
    expect(writer.create).toHaveBeenCalledWith(
      VENUE,
      expect.objectContaining({ args: { venue: 'Library' } }),
      expect.objectContaining({ caller: contributor }),
    );
    expect(venue).toMatchObject({ id: 30, venue: 'Library' });
    expect(venue).not.toHaveProperty('json_ld');
  });

  it('refuses a create to a caller without edit_tribe_venues, and another author to one without edit_others, writing nothing', async () => {
    expect(await failure(venues.create(ctx(ANONYMOUS), { venue: 'Library' }))).toMatchObject({ code: 'rest_forbidden', status: 401 });
    expect(await failure(venues.create(ctx(contributor), { venue: 'Library', author: 3 }))).toMatchObject({ code: 'rest_cannot_edit_others', status: 403 });
    expect(writer.create).not.toHaveBeenCalled();
    expect(db.transaction).not.toHaveBeenCalled();
  });

  it('trashes once: a venue already in the trash answers 410 unless forced, and a forced delete answers it as it was', async () => {
    const trashed = post({ post_status: 'trash' });
    posts.byId.mockResolvedValue(trashed);
    posts.lockedById.mockResolvedValue(trashed);
    stored([trashed]);
    expect(await failure(venues.remove(ctx(editor), 12, {}))).toMatchObject({ code: 'venue-is-in-trash', status: 410 });
    expect(writer.trash).not.toHaveBeenCalled();
    const answer = await venues.remove(ctx(editor), 12, { force: true });
    expect(answer).toMatchObject({ deleted: true, previous: { id: 12, status: 'trash' } });
    expect(writer.deletePermanently).toHaveBeenCalledWith(VENUE, trashed);
  });
});
