import { RestArg } from '../../rest/params/rest-arg.decorator';
import { validUrl } from '../imports.args';

/** The shortest and longest time between two runs of a feed: a quarter of an hour, a week. */
export const MIN_INTERVAL_MINUTES = 15;
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;

const URL_ARG = { type: 'string', description: 'The http, https or webcal URL of the iCalendar feed', validate: validUrl } as const;
const STATUS_ARG = {
  type: 'string',
  enum: ['publish', 'draft', 'pending', 'private'],
  description: 'The status of the events its runs create (a cancelled event is a draft)',
} as const;
const INTERVAL_ARG = {
  type: 'integer',
  minimum: MIN_INTERVAL_MINUTES,
  maximum: MAX_INTERVAL_MINUTES,
  description: 'Minutes between two runs (15 to 10080, a week)',
} as const;
const ENABLED_ARG = { type: 'boolean', description: 'Whether it is re-imported; enabling a disabled feed clears its failures and runs it soon' } as const;

/** `POST /eca/v1/import-feeds`. */
export class ImportFeedCreateArgs {
  @RestArg({ ...URL_ARG, required: true }) url: string;
  @RestArg({ ...STATUS_ARG, default: 'publish' }) status: string;
  @RestArg({ ...INTERVAL_ARG, default: 60 }) interval_minutes: number;
  @RestArg({ ...ENABLED_ARG, default: true }) enabled: boolean;
}

/** `POST|PUT|PATCH /eca/v1/import-feeds/{id}`: only the given fields change. */
export class ImportFeedUpdateArgs {
  @RestArg(URL_ARG) url?: string;
  @RestArg(STATUS_ARG) status?: string;
  @RestArg(INTERVAL_ARG) interval_minutes?: number;
  @RestArg(ENABLED_ARG) enabled?: boolean;
}

/** `GET /eca/v1/import-feeds`. */
export class ImportFeedListArgs {
  @RestArg({ type: 'integer', description: 'Return the feeds before this ID (newest first)', minimum: 1 })
  before?: number;

  @RestArg({ type: 'integer', description: 'The most feeds to return', default: 20, minimum: 1, maximum: 100 })
  per_page: number;
}
