import { Page } from '../rest/pagination/page';
import { RequestContext } from '../rest/request-context';
import { HierarchicalTermListArgs, TermListArgs } from './dto/term-list.args';
import { HierarchicalTermCreateArgs, HierarchicalTermUpdateArgs, TermCreateArgs, TermUpdateArgs } from './dto/term-write.args';
import { TermTaxonomy } from './term-taxonomy';
import { TermResponse } from './term.response';
import { TermsService } from './terms.service';

/**
 * The shared term behaviour (TermsService) bound to one taxonomy: what the categories and tags
 * controllers call, request context first. `rawParent`: a `parent` sent to a flat taxonomy, which
 * WordPress still reads and refuses (tags only; categories declare `parent`).
 */
export abstract class TermResource {
  protected constructor(
    readonly taxonomy: TermTaxonomy,
    private readonly terms: TermsService,
  ) {}

  list(ctx: RequestContext, args: TermListArgs | HierarchicalTermListArgs): Promise<Page<TermResponse>> {
    return this.terms.list(ctx, this.taxonomy, args);
  }

  read(ctx: RequestContext, id: number): Promise<TermResponse> {
    return this.terms.read(ctx, this.taxonomy, id);
  }

  create(ctx: RequestContext, args: TermCreateArgs | HierarchicalTermCreateArgs, rawParent?: unknown): Promise<TermResponse> {
    return this.terms.create(ctx, this.taxonomy, args, rawParent);
  }

  update(ctx: RequestContext, id: number, args: TermUpdateArgs | HierarchicalTermUpdateArgs, rawParent?: unknown): Promise<TermResponse> {
    return this.terms.update(ctx, this.taxonomy, id, args, rawParent);
  }

  /** Deletes the term for good (terms have no trash); answers it as it was. */
  remove(ctx: RequestContext, id: number): Promise<TermResponse> {
    return this.terms.remove(ctx, this.taxonomy, id);
  }
}
