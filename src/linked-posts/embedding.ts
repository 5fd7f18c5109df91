import { Representation } from './linked-posts.service';

/**
 * An event's `venue` (Quirk Q1, COPY): `[]` without a venue, the venue object for one, an array of
 * objects for several (only in data other tools wrote). `ids` are the event's `_EventVenueID` values in
 * row order; empty, `0` and unknown IDs are skipped.
 */
export function embeddedVenue(ids: readonly number[], venues: ReadonlyMap<number, Representation>): Representation | Representation[] {
  const found = ids.filter((id) => id > 0 && venues.has(id)).map((id) => venues.get(id)!);
  return found.length === 1 ? found[0] : found;
}

/** An event's `organizer` (Quirk Q2, COPY): always an array, in `_EventOrganizerID` row order. */
export function embeddedOrganizers(ids: readonly number[], organizers: ReadonlyMap<number, Representation>): Representation[] {
  return ids.filter((id) => id > 0 && organizers.has(id)).map((id) => organizers.get(id)!);
}

/** Link meta values as IDs (`" 12"` → 12; anything else → 0). */
export function linkIds(values: readonly string[] | undefined): number[] {
  return (values ?? []).map((v) => (/^\s*\d+\s*$/.test(v) ? Number(v) : 0));
}
