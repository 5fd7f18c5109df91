import { Module } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { DescribeContextFactory } from './describe-context';
import { NamespaceController } from './namespace.controller';
import { RestRootController } from './rest-root.controller';
import { PipelineRouteDescriber } from './route-describer';
import { RouteTable } from './route-table';

/** Discovery: the namespace index, /doc, the WordPress REST root index, and the route table behind them. */
@Module({
  imports: [NestDiscoveryModule],
  controllers: [RestRootController, NamespaceController],
  providers: [RouteTable, DescribeContextFactory, PipelineRouteDescriber],
  exports: [RouteTable, DescribeContextFactory, PipelineRouteDescriber],
})
export class DiscoveryModule {}
