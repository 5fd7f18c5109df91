/**
 * The columns of the plugin's CSV importer for events, venues and organizers, by key and by the label
 * its column mapper shows (The Events Calendar 6.17.2, `src/Tribe/Importer/Column_Mapper.php:96-176`).
 * A file's header names a column by either; `mapping` names one for any other header.
 */
export const EVENT_COLUMNS = {
  event_name: 'Event Name',
  event_description: 'Event Description',
  event_excerpt: 'Event Excerpt',
  event_start_date: 'Event Start Date',
  event_start_time: 'Event Start Time',
  event_end_date: 'Event End Date',
  event_end_time: 'Event End Time',
  event_timezone: 'Event Time Zone',
  event_all_day: 'All Day Event',
  event_hide: 'Hide Event From Event Listings',
  event_sticky: 'Event Sticky in Month View',
  feature_event: 'Feature Event',
  event_venue_name: 'Event Venue Name',
  event_organizer_name: 'Event Organizer Name(s) or ID(s)',
  event_show_map_link: 'Event Show Map Link',
  event_show_map: 'Event Show Map',
  event_cost: 'Event Cost',
  event_currency_code: 'Event ISO Currency Code',
  event_currency_symbol: 'Event Currency Symbol',
  event_currency_position: 'Event Currency Position',
  event_category: 'Event Category',
  event_tags: 'Event Tags',
  event_website: 'Event Website',
  featured_image: 'Event Featured Image',
  event_comment_status: 'Event Allow Comments',
  event_ping_status: 'Event Allow Trackbacks and Pingbacks',
} as const;

/** `Column_Mapper.php:141-151`. */
export const VENUE_COLUMNS = {
  venue_name: 'Venue Name',
  venue_description: 'Venue Description',
  venue_country: 'Venue Country',
  venue_address: 'Venue Address',
  venue_address2: 'Venue Address 2',
  venue_city: 'Venue City',
  venue_state: 'Venue State/Province',
  venue_zip: 'Venue Zip',
  venue_phone: 'Venue Phone',
  venue_url: 'Venue Website',
  venue_featured_image: 'Venue Featured Image',
} as const;

/** `Column_Mapper.php:171-176`. */
export const ORGANIZER_COLUMNS = {
  organizer_name: 'Organizer Name',
  organizer_description: 'Organizer Description',
  organizer_email: 'Organizer Email',
  organizer_website: 'Organizer Website',
  organizer_phone: 'Organizer Phone',
  organizer_featured_image: 'Organizer Featured Image',
} as const;

export type EventColumn = keyof typeof EVENT_COLUMNS;
/** The plugin's keys of every column (the venues' and organizers' featured images renamed apart: the plugin keys all three `featured_image`). */
export type CsvColumn = EventColumn | keyof typeof VENUE_COLUMNS | keyof typeof ORGANIZER_COLUMNS;

const BY_NAME = new Map<string, CsvColumn>(
  [EVENT_COLUMNS, VENUE_COLUMNS, ORGANIZER_COLUMNS].flatMap((columns) =>
    Object.entries(columns).flatMap(([key, label]) => [
      [key.toLowerCase(), key as CsvColumn],
      [label.toLowerCase(), key as CsvColumn],
    ]),
  ),
);

/** The column a header or a mapping target names (its key or its label, any case), or undefined. */
export function csvColumn(name: string): CsvColumn | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}
