import { RestArg } from '../rest/params/rest-arg.decorator';
import { csvColumn } from './csv/csv-columns';

const MAX_URL_LENGTH = 2048;
/** A feed's URL, checked before anything else (the address rules come after the capability check: url-source.ts). */
export const validUrl = (value: string) => {
  if (value.length > MAX_URL_LENGTH) return `The URL must be at most ${MAX_URL_LENGTH} characters.`;
  return /^(https?|webcals?):\/\//i.test(value) || 'The URL must be an http, https or webcal URL.';
};

const validMapping = (value: Record<string, unknown>) => {
  const entries = Object.entries(value);
  if (entries.length > 100) return 'Map at most 100 headers.';
  const wrong = entries.find(([, column]) => typeof column !== 'string' || !csvColumn(column));
  return !wrong || `"${wrong[0]}" is mapped to no column of the plugin's CSV importer (e.g. "Event Name", "Event Start Date").`;
};

/** `POST /eca/v1/imports`: the file is the request body (`text/calendar`), a multipart upload, or `url`. */
export class ImportCreateArgs {
  @RestArg({ type: 'string', description: 'The http, https or webcal URL of an iCalendar feed to import (instead of a file)', validate: validUrl })
  url?: string;

  @RestArg({
    type: 'string',
    enum: ['publish', 'draft', 'pending', 'private'],
    default: 'publish',
    description: 'The status of the events created (a cancelled event is a draft)',
  })
  status: string;

  @RestArg({ type: 'string', enum: ['ical', 'csv'], description: 'The format of the file: found from its type, name and first line when omitted' })
  format?: 'ical' | 'csv';

  @RestArg({
    type: 'object',
    description: 'CSV only: the plugin column of each other header, e.g. {"Title": "Event Name", "Starts": "Event Start Date"}',
    validate: validMapping,
  })
  mapping?: Record<string, string>;
}

/** `GET /eca/v1/imports`. */
export class ImportListArgs {
  @RestArg({ type: 'integer', description: 'Return the imports before this ID (newest first)', minimum: 1 })
  before?: number;

  @RestArg({ type: 'integer', description: 'The most imports to return', default: 20, minimum: 1, maximum: 100 })
  per_page: number;
}
