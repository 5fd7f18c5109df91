import { int, str, strings } from './doc-json';
import { DocProperty } from './response-schema';

/** Swagger: `author` is a numeric string although the plugin documents an integer (Quirk Q6). */
const AUTHOR = { type: 'string', pattern: '^\\d+$' } as const;

/**
 * The WordPress post keys every post-type record starts its `/doc` component with (events, venues,
 * organizers: index-and-doc.md §2.1), described for the record type `what`.
 */
export function PostResponse(what: string) {
  abstract class PostFields {
    @DocProperty(int(`The ${what} post ID in WordPress`)) id!: number;
    @DocProperty(str(`The ${what} ID that identifies it across sites (Event Aggregator)`)) global_id!: string;
    @DocProperty(strings(`Where the ${what} was imported from, oldest first; set once at creation`)) global_id_lineage!: string[];
    @DocProperty(int(`The ID of the ${what} author`), AUTHOR) author!: string;
    @DocProperty(str(`When the ${what} was published, in the site time zone`)) date!: string;
    @DocProperty(str(`When the ${what} was published, in UTC`)) date_utc!: string;
    @DocProperty(str(`When the ${what} was last changed, in the site time zone`)) modified!: string;
    @DocProperty(str(`When the ${what} was last changed, in UTC`)) modified_utc!: string;
    @DocProperty(str(`The ${what} post status`)) status!: string;
    @DocProperty(str(`The address of the ${what} page on the site`)) url!: string;
  }
  return PostFields;
}
