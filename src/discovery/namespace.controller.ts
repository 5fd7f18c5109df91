import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

/**
 * `GET /wp-json/tribe/events/v1`: the namespace index. Minimal until the discovery module generates
 * the full route list from the DTO metadata.
 */
@ApiTags('discovery')
@Controller('wp-json/tribe/events/v1')
export class NamespaceController {
  @Get()
  @ApiOperation({ summary: 'Namespace index' })
  index() {
    return { namespace: 'tribe/events/v1', routes: {} };
  }
}
