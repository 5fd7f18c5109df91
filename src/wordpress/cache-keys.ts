/**
 * The names of what cached values show and writes touch (docs/caching.md "What a write retires"),
 * made in one place so that a write and a reader always spell a key alike.
 */
export const CacheKey = {
  /** One post: its row, meta and terms. */
  post: (id: number) => `post:${id}`,
  /** Which posts of a type exist, with which status, dates, terms and links: what lists select and order by. */
  type: (postType: string) => `type:${postType}`,
  /**
   * The texts of a type's posts (title, content, excerpt): what a search selects by. A write that
   * changed only what lists show of a post, not which posts they hold, names this instead of `type`.
   */
  text: (postType: string) => `text:${postType}`,
  /**
   * Some text of the type changed, and the old or new text holds a three-letter run in this bucket
   * (`any`: named by every such write): what a search term with a run in the bucket may match
   * (events/search-grams.ts). A write that can say so names these instead of `text`.
   */
  textGram: (postType: string, bucket: number | 'any') => `text-gram:${postType}:${bucket}`,
  /**
   * Which posts of a type the lists without a venue, organizer or term filter hold, and their order. A
   * write that names every venue, organizer and term its post had and has (`listedWith`) names this
   * instead of `type`, so the lists filtered by others keep their answers (noteListedWrite).
   */
  listed: (postType: string) => `listed:${postType}`,
  /**
   * Some event of the type moved in time and nothing else of what the lists without a venue, organizer
   * or term filter select by: named instead of `listed` by a write that says which months the move
   * spans (`listedIn`). Declared by those lists that cannot tell by their months (geo, `include`, lists
   * of linked posts).
   */
  listedDates: (postType: string) => `listed-dates:${postType}`,
  /**
   * An event of the type moved within or across this month (`YYYY-MM`): a list ordered by date whose
   * window bounds and page lie in other months keeps its answer (docs/caching.md "What a write retires").
   */
  listedIn: (postType: string, month: string) => `listed-in:${postType}:${month}`,
  /** Which posts the lists filtered by this term (`tt`, by term_taxonomy_id) or linked post (a venue, an organizer) hold. */
  listedWith: (kind: 'tt' | 'post', id: number) => `listed:${kind}:${id}`,
  /** A taxonomy's terms: names, slugs, ancestry. */
  taxonomy: (taxonomy: string) => `taxonomy:${taxonomy}`,
  /** One term's count (by term_taxonomy_id). */
  count: (termTaxonomyId: number) => `tt:${termTaxonomyId}`,
  /** Any count of a taxonomy's terms. */
  counts: (taxonomy: string) => `counts:${taxonomy}`,
  /**
   * Site options, for the values only the options store keeps: a write of an option part that no answer
   * shows (TEC's known range) names this instead of everything.
   */
  options: 'options',
  /**
   * Who a login is and what it may do: users, their application passwords, roles. Their stores write
   * them as everything (`*`), so a remembered credential is retired by such a write, not by a post's.
   */
  credentials: 'credentials',
} as const;
