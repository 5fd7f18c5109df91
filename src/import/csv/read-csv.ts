/**
 * A CSV of events with the plugin's columns (event-columns.ts) as the importer's events: one per row,
 * as `POST /events` parameters. Rows are read by csv-parse (quotes, embedded line breaks, a BOM); a
 * file it cannot read, or without the two columns the plugin requires (Event Name, Event Start Date),
 * throws MalformedFile with the line. A row's identity is its name and start, as the plugin's own
 * CSV importer matches rows to events (`File_Importer_Events::match_existing_post`).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { MalformedFile } from '../malformed-file';
import { ImportedEvent, ReadResult } from '../imported-event';
import { MAX_EVENTS_PER_FILE } from '../import-limits';
import { EventColumn, eventColumn } from './event-columns';

/** The plugin's `tribe_is_truthy`. */
const truthy = (value: string) => ['1', 'yes', 'true', 'y', 'on'].includes(value.trim().toLowerCase());
const list = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** Which column each header is: the mapping's choice, else the header itself; unknown headers are ignored. */
function columnsOf(headers: string[], mapping: Readonly<Record<string, string>>): (EventColumn | undefined)[] {
  const mapped = new Map(Object.entries(mapping).map(([header, column]) => [header.trim().toLowerCase(), column]));
  return headers.map((header) => eventColumn(mapped.get(header.trim().toLowerCase()) ?? header));
}

function records(text: string): { rows: string[][]; lines: number[] } {
  try {
    // One kind of line break, so that csv-parse counts lines as a reader does (it counts \r\n twice inside quotes).
    const parsed = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: MAX_EVENTS_PER_FILE + 2,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    // `info.lines` is the line a record ends on: the next one starts after it.
    return { rows: parsed.map((p) => p.record), lines: parsed.map((_, i) => (i === 0 ? 1 : parsed[i - 1].info.lines + 1)) };
  } catch (error) {
    if (error instanceof CsvError) throw new MalformedFile(Number((error as CsvError & { lines?: number }).lines ?? 1), error.message);
    throw error;
  }
}

/** The row as event parameters, or why it cannot be one. */
function rowEvent(cells: Partial<Record<EventColumn, string>>, line: number): ImportedEvent | string {
  const get = (column: EventColumn) => (cells[column] ?? '').trim();
  const title = get('event_name');
  const startDate = get('event_start_date');
  if (!title) return 'Event Name is empty.';
  if (!startDate) return 'Event Start Date is empty.';
  const allDay = truthy(get('event_all_day'));
  const start = allDay ? startDate : `${startDate} ${get('event_start_time')}`.trim();
  const endDate = get('event_end_date') || startDate;
  const end = allDay ? endDate : `${endDate} ${get('event_end_time') || get('event_start_time')}`.trim();
  const params: Record<string, unknown> = { title, start_date: start, end_date: end, all_day: allDay };
  const set = (param: string, value: unknown, when = true) => {
    if (when) params[param] = value;
  };
  set('description', get('event_description'), get('event_description') !== '');
  set('excerpt', get('event_excerpt'), get('event_excerpt') !== '');
  set('timezone', get('event_timezone'), get('event_timezone') !== '');
  set('hide_from_listings', truthy(get('event_hide')), get('event_hide') !== '');
  set('sticky', truthy(get('event_sticky')), get('event_sticky') !== '');
  set('featured', truthy(get('feature_event')), get('feature_event') !== '');
  set('show_map', truthy(get('event_show_map')), get('event_show_map') !== '');
  set('show_map_link', truthy(get('event_show_map_link')), get('event_show_map_link') !== '');
  set('cost', get('event_cost'), get('event_cost') !== '');
  set('website', get('event_website'), get('event_website') !== '');
  set('image', get('featured_image'), get('featured_image') !== '');
  const venue = get('event_venue_name');
  set('venue', /^\d+$/.test(venue) ? Number(venue) : { venue }, venue !== '');
  const organizers = list(get('event_organizer_name')).map((o) => (/^\d+$/.test(o) ? Number(o) : { organizer: o }));
  set('organizer', organizers, organizers.length > 0);
  set('categories', list(get('event_category')), list(get('event_category')).length > 0);
  set('tags', list(get('event_tags')), list(get('event_tags')).length > 0);
  const paramLines = Object.fromEntries(Object.keys(params).map((name) => [name, line]));
  return { uid: `csv:${title}|${start}`, line, sequence: 0, params, paramLines, cancelled: false };
}

/** Reads a CSV of events; `mapping` names the column of other headers (`{"Title": "Event Name"}`). */
export function readCsv(text: string, mapping: Readonly<Record<string, string>> = {}): ReadResult {
  const { rows, lines } = records(text);
  if (!rows.length) throw new MalformedFile(1, 'the CSV file is empty.');
  if (rows.length > MAX_EVENTS_PER_FILE + 1) throw new MalformedFile(lines[MAX_EVENTS_PER_FILE + 1], `a file may hold at most ${MAX_EVENTS_PER_FILE} rows.`);
  const columns = columnsOf(rows[0], mapping);
  for (const required of ['event_name', 'event_start_date'] as const) {
    if (!columns.includes(required)) {
      throw new MalformedFile(
        lines[0],
        `the header names no "${required === 'event_name' ? 'Event Name' : 'Event Start Date'}" column (map one with "mapping").`,
      );
    }
  }
  const result: ReadResult = { events: [], failures: [] };
  rows.slice(1).forEach((row, index) => {
    const line = lines[index + 1];
    const cells: Partial<Record<EventColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column && row[i] !== undefined) cells[column] = row[i];
    });
    const event = rowEvent(cells, line);
    if (typeof event === 'string') result.failures.push({ line, reason: event });
    else result.events.push(event);
  });
  return result;
}
