/** The rows of a CSV of venues or organizers (csv-table.ts) as `POST /venues` or `POST /organizers` parameters. */
import { CsvColumn } from './csv-columns';
import { CsvRow } from './csv-table';

export interface LinkedRow {
  line: number;
  name: string;
  params: Record<string, unknown>;
}

/** Each parameter and the column it comes from. */
const VENUE_FIELDS: [string, CsvColumn][] = [
  ['venue', 'venue_name'],
  ['description', 'venue_description'],
  ['country', 'venue_country'],
  ['city', 'venue_city'],
  ['stateprovince', 'venue_state'],
  ['zip', 'venue_zip'],
  ['phone', 'venue_phone'],
  ['website', 'venue_url'],
  ['image', 'venue_featured_image'],
];
const ORGANIZER_FIELDS: [string, CsvColumn][] = [
  ['organizer', 'organizer_name'],
  ['description', 'organizer_description'],
  ['email', 'organizer_email'],
  ['website', 'organizer_website'],
  ['phone', 'organizer_phone'],
  ['image', 'organizer_featured_image'],
];

/** The row's parameters (its name first), or why it has none. */
export function linkedRow(kind: 'venues' | 'organizers', row: CsvRow): LinkedRow | string {
  const fields = kind === 'venues' ? VENUE_FIELDS : ORGANIZER_FIELDS;
  const params: Record<string, unknown> = {};
  for (const [param, column] of fields) if (row.cells[column]) params[param] = row.cells[column];
  if (kind === 'venues') {
    // The plugin's two address columns are one address here.
    const address = [row.cells.venue_address, row.cells.venue_address2].filter(Boolean).join(', ');
    if (address) params.address = address;
  }
  const name = String(params[fields[0][0]] ?? '');
  if (!name) return `${kind === 'venues' ? 'Venue' : 'Organizer'} Name is empty.`;
  return { line: row.line, name, params };
}
