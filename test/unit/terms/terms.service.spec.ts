import { Test } from '@nestjs/testing';
import { CategoriesService } from '../../../src/categories/categories.service';
import { RecordCache } from '../../../src/cache/record-cache';
import { AppConfig } from '../../../src/config/app-config';
import { DatabaseService } from '../../../src/database/database.service';
import { RestError } from '../../../src/reasons/rest-error';
import { RequestContext } from '../../../src/rest/request-context';
import { TagsService } from '../../../src/tags/tags.service';
import { TermListQuery } from '../../../src/terms/repository/term-list.query';
import { TermLinksFactory } from '../../../src/terms/term-links';
import { TermsService } from '../../../src/terms/terms.service';
import { Caller } from '../../../src/wordpress/caller';
import { PostsStore } from '../../../src/wordpress/posts.store';
import { SiteService } from '../../../src/wordpress/site.service';
import { TermRow, TermsStore } from '../../../src/wordpress/terms.store';

/** The term services alone: the WordPress store, the list query and the links are jest mocks. */
describe('TermsService (categories and tags, stores mocked)', () => {
  const editor: Caller = { id: 7, login: 'editor', capabilities: new Set(['edit_tribe_events', 'publish_tribe_events', 'manage_categories']) };
  const author: Caller = { id: 8, login: 'author', capabilities: new Set(['edit_tribe_events']) };
  const ctx = (caller: Caller): RequestContext => ({ caller, origin: 'http://api.test', credentials: {} });
  const row = (over: Partial<TermRow>): TermRow =>
    ({
      term_id: 5,
      name: 'Jazz',
      slug: 'jazz',
      term_group: 0,
      term_taxonomy_id: 15,
      taxonomy: 'tribe_events_cat',
      description: '',
      parent: 0,
      count: 2,
      ...over,
    }) as TermRow;

  let store: jest.Mocked<Pick<TermsStore, 'findById' | 'insert' | 'update' | 'delete' | 'all'>>;
  let db: { transaction: jest.Mock };
  let categories: CategoriesService;
  let tags: TagsService;

  beforeEach(async () => {
    store = { findById: jest.fn(), insert: jest.fn(), update: jest.fn(), delete: jest.fn(), all: jest.fn() };
    db = { transaction: jest.fn((work: () => Promise<unknown>) => work()) };
    const links = {
      archiveUrl: (term: TermRow) => `http://site.test/events/category/${term.slug}/`,
      urls: (term: TermRow) => ({ self: `http://api.test/terms/${term.term_id}`, collection: 'http://api.test/terms' }),
    };
    const moduleRef = await Test.createTestingModule({
      providers: [
        TermsService,
        CategoriesService,
        TagsService,
        { provide: DatabaseService, useValue: db },
        { provide: TermsStore, useValue: store },
        { provide: TermListQuery, useValue: { run: jest.fn() } },
        { provide: TermLinksFactory, useValue: { forOrigin: jest.fn().mockResolvedValue(links) } },
        { provide: SiteService, useValue: { defaultPerPage: jest.fn().mockResolvedValue(10) } },
        { provide: AppConfig, useValue: { maxPerPage: 100 } },
        { provide: RecordCache, useValue: { many: jest.fn() } },
        { provide: PostsStore, useValue: { byId: jest.fn() } },
      ],
    }).compile();
    categories = moduleRef.get(CategoriesService);
    tags = moduleRef.get(TagsService);
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => Promise.reject(new Error('resolved')),
      (error: RestError) => error,
    );

  it('creates a category in one transaction with the fields sent, and answers it in the endpoint shape', async () => {
    store.insert.mockResolvedValue(row({ term_id: 9, name: 'Workshops', slug: 'workshops' }));
    const term = await categories.create(ctx(editor), { name: 'Workshops', description: 'Hands-on' });
    expect(store.insert).toHaveBeenCalledWith('tribe_events_cat', { name: 'Workshops', slug: undefined, description: 'Hands-on', parent: undefined });
    expect(db.transaction).toHaveBeenCalledTimes(1);
    expect(term).toMatchObject({ id: 9, name: 'Workshops', taxonomy: 'tribe_events_cat', parent: 0, meta: [], urls: { self: 'http://api.test/terms/9' } });
  });

  it('refuses a write to a caller without the taxonomy capabilities, writing nothing', async () => {
    const error = await failure(categories.create(ctx(author), { name: 'Workshops' }));
    expect([error.code, error.status]).toEqual(['rest_forbidden', 403]);
    expect(store.insert).not.toHaveBeenCalled();
    expect(db.transaction).not.toHaveBeenCalled();
  });

  it('checks the parent before the permission (bad input first), in the category taxonomy', async () => {
    store.findById.mockResolvedValue(undefined);
    const error = await failure(categories.create(ctx(author), { name: 'Child', parent: 44 }));
    expect([error.code, error.status]).toEqual(['rest_invalid_param', 400]);
    expect(store.findById).toHaveBeenCalledWith(44, 'tribe_events_cat');
    expect(store.insert).not.toHaveBeenCalled();
  });

  it('refuses a parent sent to the flat tag taxonomy as WordPress does', async () => {
    const error = await failure(tags.create(ctx(editor), { name: 'Outdoor' }, 3));
    expect([error.code, error.status]).toEqual(['rest_taxonomy_not_hierarchical', 400]);
    expect(store.insert).not.toHaveBeenCalled();
  });

  it('answers a tag without `parent`, and an ID of another taxonomy as an invalid parameter', async () => {
    store.findById.mockImplementation(async (id, taxonomy) =>
      id === 4 && taxonomy === 'post_tag' ? row({ term_id: 4, taxonomy: 'post_tag', slug: 'outdoor' }) : undefined,
    );
    const tag = await tags.read(ctx(editor), 4);
    expect(tag).not.toHaveProperty('parent');
    expect(tag.taxonomy).toBe('post_tag');
    const error = await failure(categories.read(ctx(editor), 4));
    expect([error.code, error.status]).toEqual(['rest_invalid_param', 400]);
  });

  it('answers a deleted term as it was before the delete, and a delete the store could not do as a 500', async () => {
    store.findById.mockResolvedValue(row({ term_id: 5 }));
    store.delete.mockResolvedValueOnce(row({ term_id: 5 }));
    expect(await categories.remove(ctx(editor), 5)).toMatchObject({ id: 5, name: 'Jazz' });
    expect(store.delete).toHaveBeenCalledWith(5, 'tribe_events_cat');
    store.delete.mockResolvedValueOnce(undefined);
    const error = await failure(categories.remove(ctx(editor), 5));
    expect([error.code, error.status]).toEqual(['rest_cannot_delete', 500]);
  });
});
