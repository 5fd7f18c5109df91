import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { sanitizeTitle } from '../wordpress/slugs';
import { Injectable } from '@nestjs/common';
import { CacheKey } from '../wordpress/cache-keys';
import { RequestContext } from '../rest/request-context';
import { requireCapabilities } from '../auth/permissions';
import { RecordCache } from '../cache/record-cache';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { effectivePerPage, Page } from '../rest/pagination/page';
import { RestError } from '../reasons/rest-error';
import { PostsStore } from '../wordpress/posts.store';
import { SiteService } from '../wordpress/site.service';
import { TermRow, TermsStore, TermWriteError } from '../wordpress/terms.store';
import { HierarchicalTermListArgs, TermListArgs } from './dto/term-list.args';
import { HierarchicalTermCreateArgs, HierarchicalTermUpdateArgs, TermCreateArgs, TermUpdateArgs } from './dto/term-write.args';
import { TermLinksFactory } from './term-links';
import { TermListQuery } from './repository/term-list.query';
import { ancestorSlugs, endpointTerm } from './term-shapes';
import { TermResponse } from './term.response';
import { TermTaxonomy } from './term-taxonomy';
import { shownValue } from '../reasons/shown-value';

type ListArgs = TermListArgs & Partial<Pick<HierarchicalTermListArgs, 'parent'>>;
type CreateArgs = TermCreateArgs & Partial<Pick<HierarchicalTermCreateArgs, 'parent'>>;
type UpdateArgs = TermUpdateArgs & Partial<Pick<HierarchicalTermUpdateArgs, 'parent'>>;

/**
 * The `/categories` and `/tags` resources (terms.md), for any TermTaxonomy: validation that needs the
 * database (reported as rest_invalid_param, before permissions), permissions, the WordPress writes and
 * the endpoint representation.
 */
@Injectable()
export class TermsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly store: TermsStore,
    private readonly query: TermListQuery,
    private readonly links: TermLinksFactory,
    private readonly site: SiteService,
    private readonly config: AppConfig,
    private readonly cache: RecordCache,
    private readonly posts: PostsStore,
  ) {}

  async read(ctx: RequestContext, taxonomy: TermTaxonomy, id: number): Promise<TermResponse> {
    const term = await this.requireTerm(taxonomy, id);
    return (await this.present(taxonomy, [term], ctx.origin))[0];
  }

  async list(ctx: RequestContext, taxonomy: TermTaxonomy, args: ListArgs): Promise<Page<TermResponse>> {
    await this.validateListReferences(taxonomy, args);
    const pageSize = this.site.defaultPerPage().then((fallback) => effectivePerPage(args.per_page, fallback, this.config.maxPerPage));
    const { items, total, perPage } = await this.query.run(
      taxonomy,
      {
        search: args.search,
        include: args.include?.map(parseId),
        exclude: args.exclude?.map(parseId),
        order: args.order.toLowerCase() === 'desc' ? 'DESC' : 'ASC',
        orderby: args.orderby,
        hideEmpty: args.hide_empty,
        parent: taxonomy.hierarchical ? args.parent : undefined,
        // `event` is an alias of `post` and wins when both are given.
        objectId: args.event ?? args.post,
        slug: args.slug,
        page: args.page,
      },
      pageSize,
    );
    return { items: await this.present(taxonomy, items, ctx.origin), total, page: args.page, perPage };
  }

  /**
   * Create (terms.md §4). `rawParent`: a `parent` sent to a flat taxonomy, which WordPress still reads
   * and refuses with rest_taxonomy_not_hierarchical.
   */
  async create(ctx: RequestContext, taxonomy: TermTaxonomy, args: CreateArgs, rawParent?: unknown): Promise<TermResponse> {
    await this.validateParent(taxonomy, args.parent);
    requireCapabilities(ctx.caller, ...taxonomy.manageCapabilities);
    refuseParentOnFlat(taxonomy, rawParent);
    const term = await this.db
      .transaction(() => this.store.insert(taxonomy.taxonomy, { name: args.name, slug: args.slug, description: args.description, parent: args.parent }))
      .catch(asRestError);
    return (await this.present(taxonomy, [term], ctx.origin))[0];
  }

  /** Partial update (terms.md §5): only the supplied fields change. */
  async update(ctx: RequestContext, taxonomy: TermTaxonomy, id: number, args: UpdateArgs, rawParent?: unknown): Promise<TermResponse> {
    await this.requireTerm(taxonomy, id);
    await this.validateParent(taxonomy, args.parent);
    requireCapabilities(ctx.caller, ...taxonomy.manageCapabilities);
    refuseParentOnFlat(taxonomy, rawParent);
    const term = await this.db
      .transaction(() => this.store.update(id, taxonomy.taxonomy, { name: args.name, slug: args.slug, description: args.description, parent: args.parent }))
      .catch(asRestError);
    return (await this.present(taxonomy, [term], ctx.origin))[0];
  }

  /** Permanent delete (terms.md §6): answers the term as it was before. */
  async remove(ctx: RequestContext, taxonomy: TermTaxonomy, id: number): Promise<TermResponse> {
    const before = await this.requireTerm(taxonomy, id);
    requireCapabilities(ctx.caller, ...taxonomy.manageCapabilities);
    // Presented first: the former parent must still be resolvable for the category URL.
    const [answer] = await this.present(taxonomy, [before], ctx.origin);
    const deleted = await this.db.transaction(() => this.store.delete(id, taxonomy.taxonomy));
    if (!deleted) throw new RestError('rest_cannot_delete', 'The term cannot be deleted.', 500);
    return answer;
  }

  /** The endpoint shape of terms of one taxonomy (ancestors loaded once, only when some term has a parent). */
  async present(taxonomy: TermTaxonomy, terms: TermRow[], origin: string): Promise<TermResponse[]> {
    const links = await this.links.forOrigin(origin);
    const byId = terms.some((t) => t.parent) ? await this.termsById(taxonomy.taxonomy) : new Map<number, TermRow>();
    return terms.map((term) => endpointTerm(term, taxonomy, links, ancestorSlugs(term, byId)));
  }

  /** Every term of the taxonomy by ID (for the ancestors in URLs), shared under the data version (RecordCache). */
  private async termsById(taxonomy: string): Promise<ReadonlyMap<number, TermRow>> {
    const load = async (names: readonly string[]) =>
      new Map(await Promise.all(names.map(async (name) => [name, new Map((await this.store.all(name)).map((t) => [t.term_id, t]))] as const)));
    // The terms and their counts (only the ancestors' slugs are used, but the rows are kept whole).
    const shows = (name: string) => [CacheKey.taxonomy(name), CacheKey.counts(name)];
    return (await this.cache.many('terms-of-taxonomy', [taxonomy], load, (terms) => 512 * terms.size + 64, shows)).get(taxonomy)!;
  }

  /** An `{id}` that is not a term of this taxonomy fails validation (Quirk Q45: 400, not 404). */
  private async requireTerm(taxonomy: TermTaxonomy, id: number): Promise<TermRow> {
    const term = id > 0 ? await this.store.findById(id, taxonomy.taxonomy) : undefined;
    if (!term) throw RestError.invalidParams({ id: `id: no ${termNoun(taxonomy)} has the ID ${id}.` });
    return term;
  }

  /** `parent` must be an existing term of the taxonomy; `0` (top level) is accepted (Quirk Q34, DEVIATE). */
  private async validateParent(taxonomy: TermTaxonomy, parent: number | undefined): Promise<void> {
    if (!taxonomy.hierarchical || parent === undefined || parent === 0) return;
    if (parent < 0 || !(await this.store.findById(parent, taxonomy.taxonomy))) {
      throw RestError.invalidParams({ parent: `parent: no ${termNoun(taxonomy)} has the ID ${parent}.` });
    }
  }

  /** Database checks of list arguments, all reported together (terms.md §7.1). */
  private async validateListReferences(taxonomy: TermTaxonomy, args: ListArgs): Promise<void> {
    const invalid: Record<string, string> = {};
    for (const name of ['include', 'exclude'] as const) {
      const items = args[name];
      const missing = items && (await this.firstMissingTerm(taxonomy, items));
      if (missing !== undefined) invalid[name] = `${name}: no ${termNoun(taxonomy)} has the ID or slug ${shownValue(missing)}.`;
    }
    if (taxonomy.hierarchical && args.parent && !(await this.store.findById(args.parent, taxonomy.taxonomy))) {
      invalid.parent = `parent: no ${termNoun(taxonomy)} has the ID ${args.parent}.`;
    }
    for (const name of ['post', 'event'] as const) {
      const id = args[name];
      if (id !== undefined && !(await this.isEvent(id))) invalid[name] = `${name}: no event has the ID ${id}.`;
    }
    if (Object.keys(invalid).length) throw RestError.invalidParams(invalid);
  }

  /** The first item that is neither the ID (numeric) nor the slug of a term of the taxonomy; undefined when all are. */
  private async firstMissingTerm(taxonomy: TermTaxonomy, items: (string | number)[]): Promise<string | number | undefined> {
    const numeric = items.filter(isNumeric).map(Number);
    const found = new Set((await this.store.findByIds(numeric, taxonomy.taxonomy)).map((t) => t.term_id));
    const missingId = numeric.find((id) => !found.has(id));
    if (missingId !== undefined) return missingId;
    const slugs = items.filter((item) => !isNumeric(item)).map(String);
    const bySlug = await this.store.findBySlugs(slugs, taxonomy.taxonomy);
    return slugs.find((slug) => !bySlug.has(sanitizeTitle(slug)));
  }

  /**
   * TEC's `is_event_id`: a post of type tribe_events, whatever its status. As in TEC, listing an event's
   * terms needs no read permission on the event (the contract is silent; term names are public data).
   */
  private async isEvent(id: number): Promise<boolean> {
    return (await this.posts.byId(id))?.post_type === EVENT_POST_TYPE;
  }
}

/** How a reason names a term of the taxonomy. */
function termNoun(taxonomy: TermTaxonomy): string {
  return taxonomy.collection === 'categories' ? 'event category' : 'tag';
}

function isNumeric(value: string | number): boolean {
  return typeof value === 'number' || /^\s*\d+\s*$/.test(value);
}

/** PHP absint() as wp_parse_id_list applies it: a slug becomes 0, `12abc` becomes 12. */
function parseId(value: string | number): number {
  return Math.abs(parseInt(String(value), 10)) || 0;
}

function refuseParentOnFlat(taxonomy: TermTaxonomy, rawParent: unknown): void {
  if (!taxonomy.hierarchical && rawParent !== undefined && rawParent !== null) {
    throw new RestError('rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.', 400);
  }
}

/** WordPress write errors as the core terms controller answers them (terms.md §4–5, errors.md). */
function asRestError(error: unknown): never {
  if (!(error instanceof TermWriteError)) throw error;
  switch (error.code) {
    case 'term_exists':
      // WP core adds the existing ID to the error data a second time, which surfaces as `additional_data`.
      throw new RestError(
        'term_exists',
        error.message,
        400,
        { term_id: error.existingTermId },
        {
          additional_data: [error.existingTermId, error.existingTermId],
        },
      );
    case 'duplicate_term_slug':
      // Quirk Q61: WordPress sends it without status (500) and with `data: null`; the project answers 400.
      throw new RestError('duplicate_term_slug', error.message, 400, null);
    case 'missing_parent':
      throw new RestError('rest_term_invalid', error.message, 400);
    case 'invalid_term':
      throw RestError.invalidParams({ id: 'id: the term no longer exists.' });
    case 'invalid_term_name':
      throw RestError.invalidParams({ name: `name: ${error.message}` });
  }
}
