import { str } from '../../../src/rest/responses/doc-json';
import { PostResponse } from '../../../src/rest/responses/post.response';
import { DocProperty, ResponseSchema } from '../../../src/rest/responses/response-schema';

/** A series: the shared post keys (PostResponse), then its own. */
@ResponseSchema('Series')
export class SeriesResponse extends PostResponse('series') {
  @DocProperty(str('The series address in the REST API')) rest_url!: string;
  @DocProperty(str('The series title')) title!: string;
  @DocProperty(str('The full series description')) description!: string;
  @DocProperty(str('The series slug')) slug!: string;
}
