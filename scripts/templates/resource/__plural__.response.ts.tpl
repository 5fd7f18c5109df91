import { str } from '__SRC__/rest/responses/doc-json';
import { PostResponse } from '__SRC__/rest/responses/post.response';
import { DocProperty, ResponseSchema } from '__SRC__/rest/responses/response-schema';

/** __A_singular__: the shared post keys (PostResponse), then its own. */
@ResponseSchema('__Singular__')
export class __Singular__Response extends PostResponse('__singular__') {
  @DocProperty(str('The __singular__ address in the REST API')) rest_url!: string;
  @DocProperty(str('The __singular__ title')) title!: string;
  @DocProperty(str('The full __singular__ description')) description!: string;
  @DocProperty(str('The __singular__ slug')) slug!: string;
}
