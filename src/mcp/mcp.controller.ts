import { Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { LANGUAGE_PREFIX } from '../rest/http-pipeline';
import { RestRequest } from '../rest/request-context';
import { RestError } from '../reasons/rest-error';
import { jsonRpcError } from './json-rpc-error';
import { McpService } from './mcp.service';

const PATHS = ['mcp', ':lang/mcp'];

/** `/{lang}/mcp`: only a language the REST URLs take as a prefix (`/fr/`, `/pt-BR/`); anything else is no route. */
function languageOf(lang: string | undefined): string | undefined {
  if (lang !== undefined && !LANGUAGE_PREFIX.test(`/${lang}/`)) throw RestError.noRoute();
  return lang;
}

/** The MCP endpoint, `/mcp` and `/{lang}/mcp` (docs/mcp.md); outside the REST namespaces, so no tool of its own. */
@ApiExcludeController()
@Controller()
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @Post(PATHS)
  post(@Req() req: RestRequest, @Res() res: Response, @Param('lang') lang?: string): Promise<void> {
    return this.mcp.handle(req, res, languageOf(lang));
  }

  /** Stateless: no stream to open, as the transport's specification allows (405). */
  @Get(PATHS)
  openStream(@Req() req: RestRequest, @Res() res: Response, @Param('lang') lang?: string): Promise<void> {
    return this.refuse(req, res, lang);
  }

  /** Stateless: no session to end. */
  @Delete(PATHS)
  endSession(@Req() req: RestRequest, @Res() res: Response, @Param('lang') lang?: string): Promise<void> {
    return this.refuse(req, res, lang);
  }

  private async refuse(req: RestRequest, res: Response, lang: string | undefined): Promise<void> {
    languageOf(lang);
    if (await this.mcp.refusedOrigin(req, res)) return;
    res.setHeader('Allow', 'POST');
    jsonRpcError(res, 405, -32000, 'Method not allowed: this MCP endpoint is stateless, send JSON-RPC messages with POST.');
  }
}
