import { RestArg } from '../rest/params/rest-arg.decorator';

const MAX_URL_LENGTH = 2048;
const validUrl = (value: string) => {
  if (value.length > MAX_URL_LENGTH) return `The URL must be at most ${MAX_URL_LENGTH} characters.`;
  return /^(https?|webcals?):\/\//i.test(value) || 'The URL must be an http, https or webcal URL.';
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
}

/** `GET /eca/v1/imports`. */
export class ImportListArgs {
  @RestArg({ type: 'integer', description: 'Return the imports before this ID (newest first)', minimum: 1 })
  before?: number;

  @RestArg({ type: 'integer', description: 'The most imports to return', default: 20, minimum: 1, maximum: 100 })
  per_page: number;
}
