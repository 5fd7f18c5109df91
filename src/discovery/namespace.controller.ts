import { Controller, Get, Req, Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RestError } from '../reasons/rest-error';
import { RestParams } from '../rest/params/rest-params.decorator';
import { DescribeContextFactory, RequestDescribeContext } from './describe-context';
import { namespaceIndex } from './namespace-index';
import { NamespaceIndexArgs } from './namespace-index.args';
import { openApiDocument } from './openapi-document';
import { RouteTable } from './route-table';

/** The index of one namespace (WP core `get_namespace_index`): its routes; another `namespace` → 404. */
async function describeNamespace(table: RouteTable, ctx: RequestDescribeContext, namespace: string, args: NamespaceIndexArgs) {
  if (args.namespace !== undefined && args.namespace !== namespace) {
    throw new RestError('rest_invalid_namespace', 'The specified namespace could not be found.', 404);
  }
  return namespaceIndex(namespace, table.routesOf(namespace), ctx);
}

/** `GET /tribe/events/v1` and `GET /tribe/events/v1/doc` (index-and-doc.md), both public. */
@ApiTags('discovery')
@Controller('wp-json/tribe/events/v1')
export class NamespaceController {
  constructor(
    private readonly table: RouteTable,
    private readonly contexts: DescribeContextFactory,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Namespace index: every route with its methods and arguments',
    description:
      'WordPress’s description of the namespace: each route, its methods and the arguments each method takes (types, defaults, descriptions in the request language). Public. `context=help` is accepted as in WordPress.',
  })
  async index(@RestParams() args: NamespaceIndexArgs, @Req() req: Request) {
    const ctx = await this.contexts.forRequest(req);
    return describeNamespace(this.table, ctx, ctx.site.namespace, args);
  }

  @Get('doc')
  @ApiOperation({
    summary: 'OpenAPI 3.0 document of the namespace',
    description: 'The plugin’s own OpenAPI 3.0 document of its routes (`/doc`), reproduced: what WordPress clients of The Events Calendar read. Public.',
  })
  async doc(@Req() req: Request) {
    const ctx = await this.contexts.forRequest(req);
    return openApiDocument(this.table.routesOf(ctx.site.namespace), ctx, ctx.restBase);
  }
}

/**
 * The index controller of a namespace a resource declared (`GET /wp-json/eca/v1`), made when the
 * discovery module is built — after every resource module has registered its declaration.
 */
export function declaredNamespaceController(namespace: string): Type {
  @ApiTags('discovery')
  @Controller(`wp-json/${namespace}`)
  class DeclaredNamespaceController {
    constructor(
      readonly table: RouteTable,
      readonly contexts: DescribeContextFactory,
    ) {}

    @Get()
    @ApiOperation({
      summary: `Namespace index of ${namespace}: every route with its methods and arguments`,
      description: 'The service’s own namespace (the change feed and webhooks), described as WordPress describes a namespace. Public.',
    })
    async index(@RestParams() args: NamespaceIndexArgs, @Req() req: Request) {
      return describeNamespace(this.table, await this.contexts.forRequest(req), namespace, args);
    }
  }
  Object.defineProperty(DeclaredNamespaceController, 'name', { value: `NamespaceController(${namespace})` });
  return DeclaredNamespaceController;
}
