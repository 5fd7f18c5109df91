import type { ApiPropertyOptions } from '@nestjs/swagger';
import { int, str, strings } from '../rest/responses/doc-json';
import { DocProperty, PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';

/** Swagger: `urls` is an object of REST addresses, not the list the plugin documents. */
const TERM_URLS: ApiPropertyOptions = {
  type: 'object',
  properties: { self: { type: 'string' }, collection: { type: 'string' }, up: { type: 'string' } },
  required: ['self', 'collection'],
  selfRequired: true,
  description: 'REST addresses of the term itself, its collection and (with a parent) its parent',
};

/** A term of `/categories` and `/tags` (terms.md §1): `parent` only for hierarchical taxonomies (categories). */
@ResponseSchema('Term')
export class TermResponse {
  @DocProperty(int('The term ID in WordPress')) id!: number;
  @DocProperty(str('The term name')) name!: string;
  @DocProperty(str('The term slug')) slug!: string;
  @DocProperty(str('The taxonomy of the term')) taxonomy!: string;
  @DocProperty(str('The term description')) description!: string;
  @DocProperty(int('The ID of the parent term, 0 when none'), {
    type: 'integer',
    description: 'The ID of the parent term, 0 when none; categories only',
    required: false,
  })
  parent?: number;
  @DocProperty(int('How many posts the term is assigned to')) count!: number;
  @PayloadProperty({ type: 'array', items: { type: 'string' }, maxItems: 0, description: 'Term meta: always empty' }) meta!: never[];
  @DocProperty(str('The address of the term archive page')) url!: string;
  @DocProperty(strings('REST addresses of the term itself, its collection and its parent'), TERM_URLS) urls!: Record<string, string>;
}

/**
 * A term embedded in an event's `categories` / `tags` (events.md §1.2, Quirk Q4): WordPress' raw term
 * fields plus `id` and `urls`, no `url` or `meta`. Swagger only: the plugin documents these as `Term`.
 */
@ResponseSchema('EventTerm')
export class EventTermResponse {
  @PayloadProperty({ type: 'string', description: 'The term name' }) name!: string;
  @PayloadProperty({ type: 'string', description: 'The term slug' }) slug!: string;
  @PayloadProperty({ type: 'integer', description: 'WordPress term group' }) term_group!: number;
  @PayloadProperty({ type: 'integer', description: 'The term-taxonomy row ID' }) term_taxonomy_id!: number;
  @PayloadProperty({ type: 'string', description: 'The taxonomy of the term' }) taxonomy!: string;
  @PayloadProperty({ type: 'string', description: 'The term description' }) description!: string;
  @PayloadProperty({ type: 'integer', description: 'The ID of the parent term, 0 when none' }) parent!: number;
  @PayloadProperty({ type: 'integer', description: 'How many posts the term is assigned to' }) count!: number;
  @PayloadProperty({ type: 'string', enum: ['raw'], description: 'WordPress term filter, always "raw"' }) filter!: string;
  @PayloadProperty({ type: 'integer', description: 'The term ID in WordPress' }) id!: number;
  @PayloadProperty(TERM_URLS) urls!: Record<string, string>;
}
