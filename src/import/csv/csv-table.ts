/**
 * A CSV file as rows of the plugin's columns (csv-columns.ts): read by csv-parse (quotes, line breaks
 * inside quotes, a BOM), each row with the line it starts on, the header's columns chosen by
 * `mapping` or by their own names. What the file holds (events, venues or organizers) is told by its
 * required column, as the plugin's importer asks for it: `Event Name` and `Event Start Date`, `Venue
 * Name`, `Organizer Name`. A file csv-parse cannot read, or with none of those, is a MalformedFile.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { MAX_EVENTS_PER_FILE } from '../import-limits';
import { MalformedFile } from '../malformed-file';
import { CsvColumn, csvColumn } from './csv-columns';

export type CsvKind = 'events' | 'venues' | 'organizers';

export interface CsvRow {
  line: number;
  cells: Partial<Record<CsvColumn, string>>;
}

export interface CsvTable {
  kind: CsvKind;
  rows: CsvRow[];
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
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // `info.lines` is the line a record ends on: the next one starts after it.
    return { rows: parsed.map((p) => p.record), lines: parsed.map((_, i) => (i === 0 ? 1 : parsed[i - 1].info.lines + 1)) };
  } catch (error) {
    if (error instanceof CsvError) throw new MalformedFile(Number((error as CsvError & { lines?: number }).lines ?? 1), error.message);
    throw error;
  }
}

function kindOf(columns: readonly (CsvColumn | undefined)[]): CsvKind {
  if (columns.includes('event_name')) {
    if (!columns.includes('event_start_date')) throw new MalformedFile(1, 'the header names no "Event Start Date" column (map one with "mapping").');
    return 'events';
  }
  if (columns.includes('venue_name')) return 'venues';
  if (columns.includes('organizer_name')) return 'organizers';
  throw new MalformedFile(1, 'the header names no "Event Name", "Venue Name" or "Organizer Name" column (map one with "mapping").');
}

/** Reads the file; `mapping` names the column of other headers (`{"Title": "Event Name"}`). */
export function readCsvTable(text: string, mapping: Readonly<Record<string, string>> = {}): CsvTable {
  const { rows, lines } = records(text);
  if (!rows.length) throw new MalformedFile(1, 'the CSV file is empty.');
  if (rows.length > MAX_EVENTS_PER_FILE + 1) throw new MalformedFile(lines[MAX_EVENTS_PER_FILE + 1], `a file may hold at most ${MAX_EVENTS_PER_FILE} rows.`);
  const mapped = new Map(Object.entries(mapping).map(([header, column]) => [header.trim().toLowerCase(), column]));
  const columns = rows[0].map((header) => csvColumn(mapped.get(header.trim().toLowerCase()) ?? header));
  const kind = kindOf(columns);
  return {
    kind,
    rows: rows.slice(1).map((row, index) => {
      const cells: CsvRow['cells'] = {};
      columns.forEach((column, i) => {
        if (column && row[i] !== undefined) cells[column] = row[i].trim();
      });
      return { line: lines[index + 1], cells };
    }),
  };
}
