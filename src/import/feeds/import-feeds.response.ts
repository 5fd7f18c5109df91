import { PayloadProperty, ResponseSchema } from '../../rest/responses/response-schema';

/** A subscription (`/eca/v1/import-feeds`). */
@ResponseSchema('ImportFeed')
export class ImportFeedResponse {
  @PayloadProperty({ type: 'integer', description: 'The feed ID' }) id!: number;
  @PayloadProperty({ type: 'string', description: 'The URL re-imported' }) url!: string;
  @PayloadProperty({ type: 'string', enum: ['publish', 'draft', 'pending', 'private'], description: 'The status of the events its runs create' })
  status!: string;
  @PayloadProperty({ type: 'integer', description: 'Minutes between two runs' }) interval_minutes!: number;
  @PayloadProperty({ type: 'boolean', description: 'Whether it is re-imported' }) enabled!: boolean;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Why the service disabled it (a week of failures), else null' })
  disabled_reason!: string | null;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When the next run is due (UTC); later after failures (backoff)' })
  next_run_at!: string;
  @PayloadProperty({ type: 'boolean', description: 'Whether a run holds it now' }) running!: boolean;
  @PayloadProperty({ type: 'integer', description: 'Runs in a row that could not read the feed' }) failures!: number;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Why the last run could not read the feed, null when it could' })
  last_error!: string | null;
  @PayloadProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When it last ran (UTC)' }) last_run_at!: string | null;
  @PayloadProperty({ type: 'integer', nullable: true, description: 'The report of its last run (`/eca/v1/imports/{id}`)' }) last_import_id!: number | null;
  @PayloadProperty({ type: 'array', items: { type: 'integer' }, description: 'The reports of its latest runs (at most 10), newest first' })
  recent_imports!: number[];
  @PayloadProperty({ type: 'integer', description: 'The user who subscribed: its runs import as this user' }) author!: number;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When it was created (UTC)' }) created_at!: string;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When it was last changed (UTC)' }) updated_at!: string;
}

/** `GET /eca/v1/import-feeds`. */
@ResponseSchema('ImportFeedList')
export class ImportFeedListResponse {
  @PayloadProperty({ type: [ImportFeedResponse], description: 'Feeds, newest first' }) feeds!: ImportFeedResponse[];
  @PayloadProperty({ type: 'integer', nullable: true, description: 'The `before` of the next page, null on the last one' }) next_before!: number | null;
}

/** `DELETE /eca/v1/import-feeds/{id}` (WordPress core's shape of a permanent delete). */
@ResponseSchema('ImportFeedDeleted')
export class ImportFeedDeletedResponse {
  @PayloadProperty({ type: 'boolean', description: 'Always true' }) deleted!: boolean;
  @PayloadProperty({ type: ImportFeedResponse, description: 'The feed as it was (its events and reports stay)' }) previous!: ImportFeedResponse;
}
