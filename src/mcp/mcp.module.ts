import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';

/**
 * The MCP server (docs/mcp.md): the REST API's endpoints as tools, generated from the route table and
 * the @RestArg declarations, each call a REST request on the road as the MCP request's caller.
 */
@Module({ controllers: [McpController], providers: [McpService] })
export class McpModule {}
