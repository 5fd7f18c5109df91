import type { Type } from '@nestjs/common';
import type { PostMeta } from '../wordpress/posts.store';

/** A plain-text meta field: request/response name ↔ meta key. */
export interface MetaField {
  field: string;
  key: string;
  /** Written by the type's `derivedMeta` rather than as a plain supplied field. */
  derived?: boolean;
  /** A URL: its percent-encoded octets are kept when sanitising. */
  url?: boolean;
}

/** Error codes of one linked post type (errors.md §4). */
export interface LinkedPostCodes {
  notAccessible: string;
  inTrash: string;
  couldNotCreate: string;
  couldNotUpdate: string;
  couldNotDelete: string;
  pageNotFound: string;
}

/** What a write sends to the type: the validated parameters (absent = not supplied). */
export type LinkedInput = Readonly<Record<string, unknown>>;

export type WriteMode = 'create' | 'reuse' | 'update';

/** Reads the stored value of a meta key (first row), as it will be after the writes planned so far. */
export type StoredValue = (key: string) => string | undefined;

/**
 * Everything that differs between venues and organizers. The shared service, list query, mapper and
 * inline create-or-reuse logic of src/linked-posts work from this description only.
 */
export interface LinkedPostType {
  postType: 'tribe_venue' | 'tribe_organizer';
  /** The record's name parameter and response key: `venue` / `organizer`. */
  nameField: 'venue' | 'organizer';
  /** Collection path and list key. */
  collection: 'venues' | 'organizers';
  /** Plural capability base (`edit_tribe_venues`, …). */
  capabilityBase: string;
  /** Event meta key that links events to records of this type. */
  eventLinkKey: '_EventVenueID' | '_EventOrganizerID';
  /** `_VenueOrigin` / `_OrganizerOrigin`, added once on insert. */
  originKey: string;
  /** Plain-text meta fields, in response order. */
  textFields: readonly MetaField[];
  /** Meta keys the list search looks into besides title, content and excerpt (lists-and-filters.md §3.2). */
  searchKeys: readonly string[];
  /** Further meta keys the representation reads. */
  extraMetaKeys: readonly string[];
  codes: LinkedPostCodes;
  /** schema.org `@type` of the record's JSON-LD. */
  jsonLdType: 'Place' | 'Person';
  /** The create DTO (name required): inline objects of event writes are validated with it. */
  createArgs: Type;
  /**
   * How an inline object with an empty name (from an event write) fails: venues with
   * `could-not-create-venue` when written, organizers as an invalid `organizer` parameter
   * (venues-organizers.md §7).
   */
  emptyInlineName: 'could-not-create' | 'invalid-param';
  /** Response keys after the text fields that are dropped when empty (venue coordinates). */
  optionalKeys(meta: PostMeta): Record<string, unknown>;
  /** Response keys after `json_ld` that are always present (venue map flags). */
  fixedKeys(meta: PostMeta): Record<string, unknown>;
  /** Type-specific JSON-LD members after `url` (address, telephone, e-mail, sameAs …). */
  jsonLd(meta: PostMeta): Record<string, unknown>;
  /**
   * Meta writes beyond the plain supplied text fields (map flags, derived state/province), in write
   * order. `input` holds the supplied parameters with text fields already sanitised; `stored` reads
   * the values as they will be after the plain writes. `mode`: `create` for a new post, `reuse` for
   * the duplicate of §4.4, `update` for updates.
   */
  derivedMeta(input: LinkedInput, stored: StoredValue, mode: WriteMode): [string, string][];
  /** The URL used as JSON-LD `url` (organizers: their website; venues: ""). */
  jsonLdUrl(meta: PostMeta): string;
}

/** First stored value of a meta key. */
export function first(meta: PostMeta, key: string): string | undefined {
  return meta.get(key)?.[0];
}
