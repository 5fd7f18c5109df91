import { bool, refTo, str } from '../rest/responses/doc-json';
import { ImageResponse } from '../rest/responses/image.response';
import { PostResponse } from '../rest/responses/post.response';
import { DocProperty, PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';

/** Swagger: a key left out when empty (venues-organizers.md §1, Quirk Q3). */
const optionalString = { type: 'string', required: false } as const;

/**
 * A venue (venues-organizers.md §1): empty values are dropped (Q3), `json_ld` only on single reads.
 * `/doc` documents `image` as a string (Q39 COPY).
 */
@ResponseSchema('Venue')
export class VenueResponse extends PostResponse('venue') {
  @DocProperty(str('The venue name')) venue!: string;
  @DocProperty(str('The full venue description'), optionalString) description?: string;
  @DocProperty(str('The short venue description'), optionalString) excerpt?: string;
  @DocProperty(str('The venue slug')) slug!: string;
  @DocProperty(refTo('Image', 'string', 'The featured image, when the venue has one'), { type: () => ImageResponse, required: false }) image?: ImageResponse;
  @DocProperty(bool('Whether events at the venue show a map')) show_map!: boolean;
  @DocProperty(bool('Whether events at the venue show a map link')) show_map_link!: boolean;
  @DocProperty(str('Street address'), optionalString) address?: string;
  @DocProperty(str('City'), optionalString) city?: string;
  @DocProperty(str('Country'), optionalString) country?: string;
  @DocProperty(str('Province'), optionalString) province?: string;
  @DocProperty(str('State'), optionalString) state?: string;
  @DocProperty(str('Postal code'), optionalString) zip?: string;
  @DocProperty(str('Phone number'), optionalString) phone?: string;
  @DocProperty(str('Website'), optionalString) website?: string;
  @DocProperty(str('State or province'), optionalString) stateprovince?: string;
  @DocProperty({ type: 'number', format: 'double', description: 'Latitude' }, { type: 'number', format: 'double', required: false }) geo_lat?: number;
  @DocProperty({ type: 'number', format: 'double', description: 'Longitude' }, { type: 'number', format: 'double', required: false }) geo_lng?: number;
  @PayloadProperty({ type: 'object', additionalProperties: true, selfRequired: false, description: 'The schema.org Place of the venue (single reads)' })
  json_ld?: Record<string, unknown>;
}
