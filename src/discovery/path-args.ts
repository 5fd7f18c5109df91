import { Type } from '@nestjs/common';
import { RestArg } from '../rest/params/rest-arg.decorator';

/** `{id}` of a record route (WordPress pattern `\d+`). */
export class RecordIdArgs {
  @RestArg({ type: 'integer', description: 'The ID of the record', required: true })
  id: number;
}

/** `{slug}` of a by-slug route (WordPress pattern `[^/]+`). */
export class RecordSlugArgs {
  @RestArg({ type: 'string', description: 'The slug of the record', required: true })
  slug: string;
}

/** Path parameters described by default, by name; any other `:name` falls back to RecordSlugArgs' shape. */
export const DEFAULT_PATH_ARGS: Readonly<Record<string, Type>> = { id: RecordIdArgs, slug: RecordSlugArgs };
