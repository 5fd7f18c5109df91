/**
 * The rows of a CSV of events (csv-table.ts) as the importer's events, as `POST /events` parameters.
 * A row's identity is its name and start, as the plugin's own CSV importer matches rows to events
 * (`File_Importer_Events::match_existing_post`).
 */
import { ImportedEvent, ReadResult } from '../imported-event';
import { EventColumn } from './csv-columns';
import { CsvRow } from './csv-table';

/** The plugin's `tribe_is_truthy`. */
export const truthy = (value: string) => ['1', 'yes', 'true', 'y', 'on'].includes(value.trim().toLowerCase());
const list = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** The row as event parameters, or why it cannot be one. */
function rowEvent(row: CsvRow): ImportedEvent | string {
  const get = (column: EventColumn) => row.cells[column] ?? '';
  const title = get('event_name');
  const startDate = get('event_start_date');
  if (!title) return 'Event Name is empty.';
  if (!startDate) return 'Event Start Date is empty.';
  const allDay = truthy(get('event_all_day'));
  const start = allDay ? startDate : `${startDate} ${get('event_start_time')}`.trim();
  const endDate = get('event_end_date') || startDate;
  const end = allDay ? endDate : `${endDate} ${get('event_end_time') || get('event_start_time')}`.trim();
  const params: Record<string, unknown> = { title, start_date: start, end_date: end, all_day: allDay };
  const text: [string, EventColumn][] = [
    ['description', 'event_description'],
    ['excerpt', 'event_excerpt'],
    ['timezone', 'event_timezone'],
    ['cost', 'event_cost'],
    ['website', 'event_website'],
    ['image', 'featured_image'],
  ];
  for (const [param, column] of text) if (get(column)) params[param] = get(column);
  const flags: [string, EventColumn][] = [
    ['hide_from_listings', 'event_hide'],
    ['sticky', 'event_sticky'],
    ['featured', 'feature_event'],
    ['show_map', 'event_show_map'],
    ['show_map_link', 'event_show_map_link'],
  ];
  for (const [param, column] of flags) if (get(column)) params[param] = truthy(get(column));
  const venue = get('event_venue_name');
  if (venue) params.venue = /^\d+$/.test(venue) ? Number(venue) : { venue };
  const organizers = list(get('event_organizer_name')).map((o) => (/^\d+$/.test(o) ? Number(o) : { organizer: o }));
  if (organizers.length) params.organizer = organizers;
  if (list(get('event_category')).length) params.categories = list(get('event_category'));
  if (list(get('event_tags')).length) params.tags = list(get('event_tags'));
  const paramLines = Object.fromEntries(Object.keys(params).map((name) => [name, row.line]));
  return { uid: `csv:${title}|${start}`, line: row.line, sequence: 0, params, paramLines, cancelled: false };
}

/** The events of the rows; a row without a name or a start is a failure of its line. */
export function csvEvents(rows: readonly CsvRow[]): ReadResult {
  const result: ReadResult = { events: [], failures: [] };
  for (const row of rows) {
    const event = rowEvent(row);
    if (typeof event === 'string') result.failures.push({ line: row.line, reason: event });
    else result.events.push(event);
  }
  return result;
}
