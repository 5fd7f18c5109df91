import { ApiProperty } from '@nestjs/swagger';
import { ResponseSchema } from './response-schema';

/** The WordPress REST error shape every failure answers with (errors.md §1, src/reasons/rest-error.ts). Swagger only. */
@ResponseSchema('RestError')
export class RestErrorResponse {
  @ApiProperty({ type: 'string', description: 'Machine-readable error code' }) code!: string;
  @ApiProperty({ type: 'string', description: 'Human-readable message' }) message!: string;
  @ApiProperty({
    type: 'object',
    properties: { status: { type: 'integer' } },
    required: ['status'],
    additionalProperties: true,
    nullable: true,
    selfRequired: true,
    description: 'The HTTP status, and per code further details (`params` of invalid parameters …); null for a few WordPress codes',
  })
  data!: Record<string, unknown>;
}
