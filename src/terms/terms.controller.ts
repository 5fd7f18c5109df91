import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Res, Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Paginated } from '../resources/pagination.interceptor';
import { declareArgs } from '../rest/params/declare-args';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { UndeclaredParam } from '../rest/undeclared-param';
import { TermListArgs } from './dto/term-list.args';
import { TermCreateArgs, TermUpdateArgs } from './dto/term-write.args';
import { TermTaxonomy } from './term-taxonomy';
import { TermsService } from './terms.service';

/** The request DTOs of one term resource (categories add `parent` to the base ones). */
export interface TermArgTypes {
  list: Type<TermListArgs>;
  create: Type<TermCreateArgs>;
  update: Type<TermUpdateArgs>;
}

/**
 * The routes of a term resource (terms.md): list, create, read, update (POST/PUT/PATCH), delete. One
 * implementation for categories and tags; each module passes its taxonomy and DTOs.
 */
export function createTermsController(taxonomy: TermTaxonomy, args: TermArgTypes): Type {
  @ApiTags(taxonomy.collection)
  @Controller(`wp-json/tribe/events/v1/${taxonomy.collection}`)
  class TermsController {
    constructor(readonly terms: TermsService) {}

    @Get()
    @Paginated({ collection: taxonomy.collection, layout: 'terms', args: args.list })
    list(@RestParams() query: TermListArgs, @RequestCtx() ctx: RequestContext) {
      return this.terms.list(taxonomy, query, ctx);
    }

    @Post()
    async create(
      @RestParams() body: TermCreateArgs,
      @UndeclaredParam('parent') parent: unknown,
      @RequestCtx() ctx: RequestContext,
      @Res({ passthrough: true }) res: Response,
    ) {
      const term = await this.terms.create(taxonomy, body, parent, ctx);
      // Quirk Q33 (DEVIATE): Location is the project's own route, not wp/v2.
      res.setHeader('Location', term.urls.self);
      return term;
    }

    @Get(':id')
    get(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
      return this.terms.get(taxonomy, id, ctx);
    }

    @Post(':id')
    @HttpCode(200)
    updateByPost(@IdParam() id: number, @RestParams() body: TermUpdateArgs, @UndeclaredParam('parent') parent: unknown, @RequestCtx() ctx: RequestContext) {
      return this.terms.update(taxonomy, id, body, parent, ctx);
    }

    @Put(':id')
    updateByPut(@IdParam() id: number, @RestParams() body: TermUpdateArgs, @UndeclaredParam('parent') parent: unknown, @RequestCtx() ctx: RequestContext) {
      return this.terms.update(taxonomy, id, body, parent, ctx);
    }

    @Patch(':id')
    updateByPatch(@IdParam() id: number, @RestParams() body: TermUpdateArgs, @UndeclaredParam('parent') parent: unknown, @RequestCtx() ctx: RequestContext) {
      return this.terms.update(taxonomy, id, body, parent, ctx);
    }

    @Delete(':id')
    remove(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
      return this.terms.delete(taxonomy, id, ctx);
    }
  }

  declareArgs(TermsController, 'list', 0, args.list);
  declareArgs(TermsController, 'create', 0, args.create);
  for (const method of ['updateByPost', 'updateByPut', 'updateByPatch']) declareArgs(TermsController, method, 1, args.update);
  Object.defineProperty(TermsController, 'name', { value: `${taxonomy.collection[0].toUpperCase()}${taxonomy.collection.slice(1)}Controller` });
  return TermsController;
}
