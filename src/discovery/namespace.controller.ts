import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RestError } from '../rest/rest-error';
import { RestParams } from '../rest/params/rest-params.decorator';
import { DescribeContextFactory } from './describe-context';
import { namespaceIndex } from './namespace-index';
import { NamespaceIndexArgs } from './namespace-index.args';
import { openApiDocument } from './openapi-document';
import { RouteTable } from './route-table';

/** `GET /tribe/events/v1` and `GET /tribe/events/v1/doc` (index-and-doc.md), both public. */
@ApiTags('discovery')
@Controller('wp-json/tribe/events/v1')
export class NamespaceController {
  constructor(
    private readonly table: RouteTable,
    private readonly contexts: DescribeContextFactory,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Namespace index: every route with its methods and arguments' })
  async index(@RestParams() args: NamespaceIndexArgs, @Req() req: Request) {
    const ctx = await this.contexts.forRequest(req);
    if (args.namespace !== undefined && args.namespace !== ctx.site.namespace) {
      throw new RestError('rest_invalid_namespace', 'The specified namespace could not be found.', 404);
    }
    return namespaceIndex(this.table.routes(), ctx);
  }

  @Get('doc')
  @ApiOperation({ summary: 'OpenAPI 3.0 document of the namespace' })
  async doc(@Req() req: Request) {
    const ctx = await this.contexts.forRequest(req);
    return openApiDocument(this.table.routes(), ctx, ctx.restBase);
  }
}
