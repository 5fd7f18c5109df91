import { RestArg } from '../rest/params/rest-arg.decorator';
import { isKindPattern } from './change-types';

const MAX_URL_LENGTH = 2048;

const validUrl = (value: string) => {
  if (value.length > MAX_URL_LENGTH) return `The URL must be at most ${MAX_URL_LENGTH} characters.`;
  return URL.canParse(value) || 'The URL is not a valid absolute URL.';
};
const validEvents = (values: string[]) =>
  values.length === 0 ? 'Name at least one kind of change.' : values.every(isKindPattern) || 'Unknown kind of change: use e.g. event.created, venue.*, or *.';
/** Visible ASCII only: the bytes both sides feed to HMAC are then the characters everyone sees. */
const validSecret = (value: string) => /^[\x21-\x7e]{16,255}$/.test(value) || 'The secret must be 16 to 255 visible ASCII characters.';

const URL_ARG = { type: 'string', description: 'The URL deliveries are POSTed to (https)', validate: validUrl } as const;
const EVENTS_ARG = {
  type: 'array',
  items: 'string',
  commaList: true,
  description: 'The kinds of change to deliver: type.action (event.created, venue.trashed, …), type.* or *',
  validate: validEvents,
} as const;
const SECRET_ARG = {
  type: 'string',
  description: 'The key of the deliveries’ HMAC-SHA256 signature (16–255 visible ASCII characters; generated when omitted)',
  validate: validSecret,
} as const;
const ACTIVE_ARG = { type: 'boolean', description: 'Whether changes are delivered; activating a disabled webhook resumes its deliveries' } as const;

/** `POST /eca/v1/webhooks`. */
export class WebhookCreateArgs {
  @RestArg({ ...URL_ARG, required: true }) url: string;
  @RestArg({ ...EVENTS_ARG, default: ['*'] }) events: string[];
  @RestArg(SECRET_ARG) secret?: string;
  @RestArg({ ...ACTIVE_ARG, default: true }) active: boolean;
}

/** `POST|PUT|PATCH /eca/v1/webhooks/{id}`: only the given fields change. */
export class WebhookUpdateArgs {
  @RestArg(URL_ARG) url?: string;
  @RestArg(EVENTS_ARG) events?: string[];
  @RestArg(SECRET_ARG) secret?: string;
  @RestArg(ACTIVE_ARG) active?: boolean;
}

/** `GET /eca/v1/webhooks/{id}/deliveries`. */
export class DeliveryLogArgs {
  @RestArg({ type: 'integer', description: 'Return the deliveries of changes before this cursor (newest first)', minimum: 1 })
  before?: number;

  @RestArg({ type: 'integer', description: 'The most deliveries to return', default: 20, minimum: 1, maximum: 100 })
  per_page: number;
}
