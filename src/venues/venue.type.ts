import { first, LinkedInput, LinkedPostType, StoredValue, WriteMode, isTruthy } from '../linked-posts';
import { PostMeta } from '../wordpress/posts.store';
import { VenueCreateArgs } from './venue-args';

/** The venue map flags: request parameter → the two keys TEC writes it to (legacy `_Event…` mirror first). */
const MAP_FLAGS: [string, string[]][] = [
  ['show_map_link', ['_EventShowMapLink', '_VenueShowMapLink']],
  ['show_map', ['_EventShowMap', '_VenueShowMap']],
];

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * `stateprovince` as TEC derives it when it is not given (venues-organizers.md §4.3): the state for
 * US addresses (or no country), else the province.
 */
export function deriveStateProvince(state: string, province: string, country: string): string {
  if (state !== '' && (country === '' || country === 'US' || country === 'United States')) return state;
  return province;
}

/** Map flags read from meta: no row → true, else the truthy-string rule (`""` and `false` are false). */
function mapFlag(meta: PostMeta, key: string): boolean {
  const value = first(meta, key);
  return value === undefined ? true : isTruthy(value);
}

function coordinates(meta: PostMeta): { lat: number; lng: number } | undefined {
  const lat = Number.parseFloat(first(meta, '_VenueLat') ?? '');
  const lng = Number.parseFloat(first(meta, '_VenueLng') ?? '');
  return Number.isFinite(lat) && Number.isFinite(lng) && lat !== 0 && lng !== 0 ? { lat, lng } : undefined;
}

/**
 * Coordinates given by the caller, stored as Events Calendar Pro stores manual ones
 * (`Geo_Loc::save_venue_geodata` with "Use latitude + longitude": `_VenueOverwriteCoords` 1 so Pro
 * does not geocode them away, the numbers as strings); `0`, `0` clears them (overwrite 0, as Pro).
 */
function coordinateMeta(lat: number, lng: number): [string, string][] {
  const located = lat !== 0 && lng !== 0;
  return [
    ['_VenueOverwriteCoords', located ? '1' : '0'],
    ['_VenueLat', located ? String(lat) : ''],
    ['_VenueLng', located ? String(lng) : ''],
  ];
}

export const VENUE: LinkedPostType = {
  postType: 'tribe_venue',
  nameField: 'venue',
  collection: 'venues',
  capabilityBase: 'tribe_venues',
  eventLinkKey: '_EventVenueID',
  originKey: '_VenueOrigin',
  textFields: [
    { field: 'address', key: '_VenueAddress' },
    { field: 'city', key: '_VenueCity' },
    { field: 'country', key: '_VenueCountry' },
    { field: 'province', key: '_VenueProvince' },
    { field: 'state', key: '_VenueState' },
    { field: 'zip', key: '_VenueZip' },
    { field: 'phone', key: '_VenuePhone' },
    { field: 'website', key: '_VenueURL', url: true },
    { field: 'stateprovince', key: '_VenueStateProvince', derived: true },
  ],
  searchKeys: ['_VenueAddress', '_VenueCity', '_VenueProvince', '_VenueState', '_VenueStateProvince', '_VenueZip', '_VenuePhone'],
  extraMetaKeys: ['_VenueShowMap', '_VenueShowMapLink', '_VenueLat', '_VenueLng'],
  codes: {
    notAccessible: 'venue-not-accessible',
    inTrash: 'venue-is-in-trash',
    couldNotCreate: 'could-not-create-venue',
    couldNotUpdate: 'could-not-update-venue',
    couldNotDelete: 'could-not-delete-venue',
    pageNotFound: 'venue-archive-page-not-found',
  },
  jsonLdType: 'Place',
  createArgs: VenueCreateArgs,
  emptyInlineName: 'could-not-create',

  optionalKeys(meta) {
    const geo = coordinates(meta);
    return geo ? { geo_lat: geo.lat, geo_lng: geo.lng } : {};
  },

  fixedKeys(meta) {
    return { show_map: mapFlag(meta, '_VenueShowMap'), show_map_link: mapFlag(meta, '_VenueShowMapLink') };
  },

  jsonLdUrl() {
    // TEC's venue JSON-LD `url` came out empty on a live install (venues-organizers.md §1.1).
    return '';
  },

  jsonLd(meta) {
    const value = (key: string) => first(meta, key) ?? '';
    const region = value('_VenueStateProvince') || (value('_VenueCountry') === 'United States' ? value('_VenueState') : value('_VenueProvince'));
    const address = Object.fromEntries(
      Object.entries({
        streetAddress: value('_VenueAddress'),
        addressLocality: value('_VenueCity'),
        addressRegion: region,
        postalCode: value('_VenueZip'),
        addressCountry: value('_VenueCountry'),
      }).filter(([, v]) => v !== '' && v !== '0'),
    );
    const geo = coordinates(meta);
    return {
      address: { '@type': 'PostalAddress', ...address },
      ...(geo ? { geo: { '@type': 'GeoCoordinates', latitude: geo.lat, longitude: geo.lng } } : {}),
      telephone: value('_VenuePhone'),
      sameAs: value('_VenueURL'),
    };
  },

  /**
   * Map flags: on create "1" unless supplied falsy ("" then), both keys each (§4.2); on reuse and
   * update only when supplied (Q27/Q28 DEVIATE). `stateprovince`: the supplied value, else derived —
   * always on create, otherwise only when state, province or country was supplied (§4.3, §5.1).
   */
  derivedMeta(input: LinkedInput, stored: StoredValue, mode: WriteMode) {
    const writes: [string, string][] = [];
    for (const [param, keys] of MAP_FLAGS) {
      if (!present(input[param]) && mode !== 'create') continue;
      const value = !present(input[param]) || isTruthy(input[param]) ? '1' : '';
      for (const key of keys) writes.push([key, value]);
    }
    if (present(input.geo_lat) && present(input.geo_lng)) writes.push(...coordinateMeta(Number(input.geo_lat), Number(input.geo_lng)));
    const given = present(input.stateprovince) ? String(input.stateprovince) : '';
    const addressChanged = ['state', 'province', 'country'].some((f) => present(input[f]));
    if (given !== '') writes.push(['_VenueStateProvince', given]);
    else if (mode === 'create' || addressChanged || present(input.stateprovince)) {
      writes.push(['_VenueStateProvince', deriveStateProvince(stored('_VenueState') ?? '', stored('_VenueProvince') ?? '', stored('_VenueCountry') ?? '')]);
    }
    return writes;
  },
};
