import { Injectable } from '@nestjs/common';
import { hasAll, isAuthenticated } from '../wordpress/caller';
import { RouteDescriber } from '../rest/http-pipeline';
import { RestRequest } from '../rest/request-context';
import { DescribeContextFactory } from './describe-context';
import { describeRoute } from './namespace-index';
import { RouteTable } from './route-table';

/** The route table as the HTTP pipeline's `Allow` header and OPTIONS answers need it. */
@Injectable()
export class PipelineRouteDescriber implements RouteDescriber {
  constructor(
    private readonly table: RouteTable,
    private readonly contexts: DescribeContextFactory,
  ) {}

  allowedMethods(req: RestRequest): string[] | undefined {
    const route = this.table.match(req.path);
    if (!route) return undefined;
    const caller = req.caller;
    const needed = route.resource?.writeCapabilities;
    const mayWrite = caller !== undefined && isAuthenticated(caller) && (!needed || hasAll(caller, ...needed));
    return route.endpoints.flatMap((e) => e.methods).filter((method) => method === 'GET' || mayWrite);
  }

  async describeRoute(req: RestRequest): Promise<unknown> {
    const route = this.table.match(req.path);
    return route ? describeRoute(route, await this.contexts.forRequest(req)) : undefined;
  }
}
