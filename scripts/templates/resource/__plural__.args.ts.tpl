import { RestArg } from '__SRC__/rest/params/rest-arg.decorator';

/** `GET /__plural__`. */
export class __Singular__ListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return', default: 1, minimum: 1 }) page: number;
  @RestArg({ type: 'integer', description: 'The number of __plural__ to return on each page', default: 10, minimum: 1, maximum: 50 }) per_page: number;
}

/** `POST /__plural__` and `POST|PUT|PATCH /__plural__/{id}`: only what is sent changes. */
export class __Singular__Args {
  @RestArg({ type: 'string', description: 'The __singular__ title' }) title?: string;
  @RestArg({ type: 'string', description: 'The __singular__ description' }) description?: string;
  @RestArg({ type: 'string', description: 'The __singular__ post status' }) status?: string;
}
