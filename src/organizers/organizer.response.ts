import { refTo, str } from '../rest/responses/doc-json';
import { ImageResponse } from '../rest/responses/image.response';
import { PostResponse } from '../rest/responses/post.response';
import { DocProperty, PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';

/** Swagger: a key left out when empty (venues-organizers.md §2, Quirk Q3). */
const optionalString = { type: 'string', required: false } as const;

/**
 * An organizer (venues-organizers.md §2): empty values are dropped (Q3), `json_ld` only on single
 * reads. `/doc` documents `image` as a string (Q39 COPY).
 */
@ResponseSchema('Organizer')
export class OrganizerResponse extends PostResponse('organizer') {
  @DocProperty(str('The organizer name')) organizer!: string;
  @DocProperty(str('The full organizer description'), optionalString) description?: string;
  @DocProperty(str('The short organizer description'), optionalString) excerpt?: string;
  @DocProperty(str('The organizer slug')) slug!: string;
  @DocProperty(refTo('Image', 'string', 'The featured image, when the organizer has one'), { type: () => ImageResponse, required: false })
  image?: ImageResponse;
  @DocProperty(str('Phone number'), optionalString) phone?: string;
  @DocProperty(str('Website'), optionalString) website?: string;
  @DocProperty(str('E-mail address'), optionalString) email?: string;
  @PayloadProperty({ type: 'object', additionalProperties: true, selfRequired: false, description: 'The schema.org Person of the organizer (single reads)' })
  json_ld?: Record<string, unknown>;
}
