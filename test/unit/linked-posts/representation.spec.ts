import { LinkedRecord, represent } from '../../../src/linked-posts/representation';
import { ORGANIZER } from '../../../src/organizers/organizer.type';
import { VENUE } from '../../../src/venues/venue.type';
import { PostLinks } from '../../../src/wordpress/permalinks';
import { PostRow } from '../../../src/wordpress/posts.store';

const links = new PostLinks({ publicBase: 'https://example.org', structure: '/%postname%/', eventSlug: 'event' });

function post(overrides: Partial<PostRow> = {}): PostRow {
  return {
    ID: 10,
    post_author: 12,
    post_date: '2017-01-05 14:23:36',
    post_date_gmt: '2017-01-05 14:23:36',
    post_content: 'Venue 01 description',
    post_title: 'Venue 01',
    post_excerpt: 'Venue 01 excerpt',
    post_status: 'publish',
    post_password: '',
    post_name: 'venue-01',
    post_modified: '2017-01-05 14:23:36',
    post_modified_gmt: '2017-01-05 14:23:36',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: 'tribe_venue',
    post_mime_type: '',
    ...overrides,
  };
}

const record = (p: PostRow, meta: Record<string, string[]> = {}): LinkedRecord => ({
  post: p,
  meta: new Map(Object.entries(meta)),
  image: false,
  galleryImages: new Set(),
});

describe('venue and organizer representation', () => {
  it('builds the contract example for a venue, keys in order', () => {
    const meta = {
      _VenueAddress: ['address'],
      _VenueCity: ['city'],
      _VenueCountry: ['country'],
      _VenueProvince: ['province'],
      _VenueState: ['state'],
      _VenueZip: ['zip'],
      _VenuePhone: ['phone'],
      _VenueURL: ['url'],
      _VenueStateProvince: ['state_province'],
    };
    expect(represent(VENUE, record(post(), meta), { links, jsonLd: false, unlocked: true, readable: true })).toEqual({
      id: 10,
      author: '12',
      status: 'publish',
      date: '2017-01-05 14:23:36',
      date_utc: '2017-01-05 14:23:36',
      modified: '2017-01-05 14:23:36',
      modified_utc: '2017-01-05 14:23:36',
      url: 'https://example.org/venue/venue-01/',
      venue: 'Venue 01',
      description: '<p>Venue 01 description</p>',
      excerpt: '<p>Venue 01 excerpt</p>',
      slug: 'venue-01',
      address: 'address',
      city: 'city',
      country: 'country',
      province: 'province',
      state: 'state',
      zip: 'zip',
      phone: 'phone',
      website: 'url',
      stateprovince: 'state_province',
      show_map: true,
      show_map_link: true,
      global_id: 'example.org?id=10',
      global_id_lineage: ['example.org?id=10'],
    });
  });

  it('drops empty values ("", "0", author 0) but always keeps the map flags and global IDs (Q3)', () => {
    const rep = represent(
      VENUE,
      record(post({ post_author: 0, post_content: '', post_excerpt: '' }), { _VenueZip: ['0'], _VenueShowMap: [''], _VenueShowMapLink: ['false'] }),
      { links, jsonLd: false, unlocked: true, readable: true },
    );
    expect(Object.keys(rep)).toEqual([
      'id',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'slug',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(rep).toMatchObject({ show_map: false, show_map_link: false });
  });

  it('reads old truthy spellings of the map flags (yes, on, enabled) as true', () => {
    const rep = represent(VENUE, record(post(), { _VenueShowMap: ['Yes'], _VenueShowMapLink: ['enabled'] }), {
      links,
      jsonLd: false,
      unlocked: true,
      readable: true,
    });
    expect(rep).toMatchObject({ show_map: true, show_map_link: true });
  });

  it('uses the plain URL for drafts and trashed records', () => {
    expect(
      represent(ORGANIZER, record(post({ post_type: 'tribe_organizer', post_status: 'trash', post_name: 'x__trashed' })), {
        links,
        jsonLd: false,
        unlocked: true,
        readable: true,
      }).url,
    ).toBe('https://example.org/?post_type=tribe_organizer&p=10');
    const plainLinks = new PostLinks({ publicBase: 'https://example.org', structure: '', eventSlug: 'event' });
    expect(represent(ORGANIZER, record(post({ post_type: 'tribe_organizer' })), { links: plainLinks, jsonLd: false, unlocked: true, readable: true }).url).toBe(
      'https://example.org/?tribe_organizer=venue-01',
    );
  });

  it('blanks a locked password-protected record, keeping the blanked keys and adding no json_ld (Q26)', () => {
    const rep = represent(VENUE, record(post({ post_password: 'x' }), { _VenueCity: ['c'], _VenueLat: ['1.5'], _VenueLng: ['2'] }), {
      links,
      jsonLd: true,
      unlocked: false,
      readable: true,
    });
    expect(rep).toMatchObject({
      venue: [],
      description: '',
      excerpt: '',
      city: '',
      show_map: null,
      show_map_link: null,
      geo_lat: 0,
      geo_lng: 0,
      slug: 'venue-01',
      id: 10,
    });
    expect(rep).not.toHaveProperty('json_ld');
    expect(rep).not.toHaveProperty('address');
    expect(represent(VENUE, record(post({ post_password: 'x' })), { links, jsonLd: true, unlocked: true, readable: true }).venue).toBe('Venue 01');
  });

  it('adds the organizer json_ld before the global IDs', () => {
    const rep = represent(
      ORGANIZER,
      record(post({ post_type: 'tribe_organizer', post_title: "Tom & Jerry's" }), { _OrganizerWebsite: ['https://o.example'], _OrganizerPhone: ['1'] }),
      { links, jsonLd: true, unlocked: true, readable: true },
    );
    expect(Object.keys(rep).slice(-3)).toEqual(['json_ld', 'global_id', 'global_id_lineage']);
    expect(rep.organizer).toBe('Tom &#038; Jerry&#8217;s');
    expect(rep.json_ld).toMatchObject({
      '@type': 'Person',
      name: 'Tom &#038; Jerry&#8217;s',
      url: 'https://o.example',
      telephone: '1',
      email: '',
      sameAs: 'https://o.example',
    });
  });
});
