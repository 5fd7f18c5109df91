import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { declaredNamespaces } from '../resources/resource-registry';
import { DescribeContextFactory } from './describe-context';
import { declaredNamespaceController, NamespaceController } from './namespace.controller';
import { RestRootController } from './rest-root.controller';
import { PipelineRouteDescriber } from './route-describer';
import { RouteTable } from './route-table';

/** Discovery: the namespace indexes, /doc, the WordPress REST root index, and the route table behind them. */
@Module({
  imports: [NestDiscoveryModule],
  controllers: [RestRootController, NamespaceController],
  providers: [RouteTable, DescribeContextFactory, PipelineRouteDescriber],
  exports: [RouteTable, DescribeContextFactory, PipelineRouteDescriber],
})
export class DiscoveryModule {
  /**
   * With an index controller for each namespace a resource declared. Called when the application
   * module is built: every resource module has been imported (and declared) by then.
   */
  static forRoot(): DynamicModule {
    return { module: DiscoveryModule, controllers: declaredNamespaces().map(declaredNamespaceController) };
  }
}
