import { RestArg } from '../../../src/rest/params/rest-arg.decorator';

/** `GET /series`. */
export class SeriesListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return', default: 1, minimum: 1 }) page: number;
  @RestArg({ type: 'integer', description: 'The number of series to return on each page', default: 10, minimum: 1, maximum: 50 }) per_page: number;
}

/** `POST /series` and `POST|PUT|PATCH /series/{id}`: only what is sent changes. */
export class SeriesArgs {
  @RestArg({ type: 'string', description: 'The series title' }) title?: string;
  @RestArg({ type: 'string', description: 'The series description' }) description?: string;
  @RestArg({ type: 'string', description: 'The series post status' }) status?: string;
}
