import { PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';

/** What became of one VEVENT or row. */
@ResponseSchema('ImportItem')
export class ImportItemResponse {
  @PayloadProperty({ type: 'string', enum: ['created', 'updated', 'unchanged', 'trashed', 'failed'], description: 'What the import did' }) action!: string;
  @PayloadProperty({ type: 'integer', description: 'The line it starts on; for a failure, the line at fault' }) line!: number;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Its UID in the source' }) uid!: string | null;
  @PayloadProperty({ type: 'integer', nullable: true, description: 'The event written (a series: its first event)' }) event_id!: number | null;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Its title in the source' }) title!: string | null;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Why it failed or was left as it was' }) reason!: string | null;
}

/** How many items had each outcome. */
@ResponseSchema('ImportCounts')
export class ImportCountsResponse {
  @PayloadProperty({ type: 'integer', description: 'Events created' }) created!: number;
  @PayloadProperty({ type: 'integer', description: 'Events updated' }) updated!: number;
  @PayloadProperty({ type: 'integer', description: 'Events already as the source has them (or trashed on the site)' }) unchanged!: number;
  @PayloadProperty({ type: 'integer', description: 'Events trashed because they left a subscribed feed' }) trashed!: number;
  @PayloadProperty({ type: 'integer', description: 'Items that could not be imported' }) failed!: number;
}

/** An import and its report (`/eca/v1/imports`). */
@ResponseSchema('Import')
export class ImportResponse {
  @PayloadProperty({ type: 'integer', description: 'The import ID' }) id!: number;
  @PayloadProperty({ type: 'string', enum: ['completed', 'failed'], description: '`failed` when the source could not be read' }) status!: string;
  @PayloadProperty({ type: 'string', enum: ['ical', 'csv'], description: 'The format read' }) format!: string;
  @PayloadProperty({ type: 'string', enum: ['body', 'file', 'url'], description: 'Where the file came from' }) source_kind!: string;
  @PayloadProperty({ type: 'string', description: 'The URL or file name' }) source!: string;
  @PayloadProperty({ type: 'integer', description: 'The user who imported' }) author!: number;
  @PayloadProperty({ type: ImportCountsResponse, description: 'The outcomes counted' }) counts!: ImportCountsResponse;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Why the source could not be read' }) error!: string | null;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When it started (UTC)' }) started_at!: string;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When it finished (UTC)' }) finished_at!: string;
  @PayloadProperty({ type: [ImportItemResponse], description: 'Every item and its outcome (single reads and the answer of an import only)' })
  items?: ImportItemResponse[];
}

/** `GET /eca/v1/imports`. */
@ResponseSchema('ImportList')
export class ImportListResponse {
  @PayloadProperty({ type: [ImportResponse], description: 'Imports, newest first, without their items' }) imports!: ImportResponse[];
  @PayloadProperty({ type: 'integer', nullable: true, description: 'The `before` of the next page, null on the last one' }) next_before!: number | null;
}
