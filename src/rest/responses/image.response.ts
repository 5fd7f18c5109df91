import { getSchemaPath } from '@nestjs/swagger';
import { int, listOf, str } from './doc-json';
import { DocProperty, PayloadProperty, ResponseSchema } from './response-schema';

/**
 * One generated size of a featured image (WordPress attachment metadata, formats.md §4): the metadata's
 * own keys with `file` turned into `url`.
 */
@ResponseSchema('ImageSize')
export class ImageSizeResponse {
  @DocProperty(int('Width of this size, in pixels')) width!: number;
  @DocProperty(int('Height of this size, in pixels')) height!: number;
  @DocProperty(str('MIME type of this size')) 'mime-type'!: string;
  @PayloadProperty({ type: 'integer', description: 'File size in bytes, when WordPress recorded it', required: false }) filesize?: number;
  @DocProperty(str('Address of the image file in this size', { format: 'uri' })) url!: string;
}

/**
 * A featured image: `url`, `id`, `extension`, then the attachment metadata's non-empty keys (formats.md
 * §4). `sizes` is an object keyed by size name, not the list the plugin documents.
 */
@ResponseSchema('Image')
export class ImageResponse {
  @DocProperty(str('Address of the full-size image', { format: 'uri' })) url!: string;
  @DocProperty(int('The attachment post ID')) id!: number;
  @DocProperty(str('The file extension')) extension!: string;
  @DocProperty(int('Original width, in pixels'), { type: 'integer', required: false }) width?: number;
  @DocProperty(int('Original height, in pixels'), { type: 'integer', required: false }) height?: number;
  @PayloadProperty({ type: 'integer', description: 'File size in bytes, when WordPress recorded it', required: false }) filesize?: number;
  @DocProperty(listOf('ImageSize', 'Every generated size of the image'), {
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(ImageSizeResponse) },
    description: 'Every generated size of the image, by size name',
    selfRequired: false,
  })
  sizes?: Record<string, ImageSizeResponse>;
}

/** Swagger: a featured image, or `false` when the record has none. */
export const IMAGE_OR_FALSE = { oneOf: [{ $ref: getSchemaPath(ImageResponse) }, { type: 'boolean', enum: [false] }] };
