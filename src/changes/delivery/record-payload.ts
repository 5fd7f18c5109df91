import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { ANONYMOUS } from '../../wordpress/caller';
import { CATEGORIES } from '../../categories';
import { AppConfig } from '../../config/app-config';
import { EventsReadService } from '../../events';
import { asJson } from '../../rest/responses/json-answer';
import { OrganizersService } from '../../organizers';
import { sendInMemory } from '../../rest/in-memory-http';
import { RestError } from '../../reasons/rest-error';
import { RequestContext } from '../../rest/request-context';
import { TAGS } from '../../tags';
import { TermsService } from '../../terms';
import { VenuesService } from '../../venues';
import { recordUrl } from '../change-types';

/**
 * A record as `GET /<namespace>/<collection>/{id}` shows it to an anonymous caller at delivery time;
 * null when such a caller may not read it (a draft, a trashed, deleted or password-protected record).
 * The plugin's records are read through their resources' read services; a declared resource's
 * through its own route, over the application's request road in memory (src/rest/in-memory-http.ts),
 * so a new resource needs nothing here.
 */
@Injectable()
export class RecordPayloads {
  constructor(
    private readonly events: EventsReadService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: TermsService,
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async anonymousView(type: string, id: number): Promise<Record<string, unknown> | null> {
    // URLs use SITE_URL, else the WordPress `home` option; this origin only when neither is set.
    const origin = `http://localhost:${this.config.port}`;
    const ctx: RequestContext = { caller: ANONYMOUS, origin, credentials: {} };
    try {
      switch (type) {
        case 'event':
          return asJson(await this.events.read({ caller: ANONYMOUS, origin, credentials: {} }, { id }));
        case 'venue':
          return { ...(await this.venues.read(ctx, id)) };
        case 'organizer':
          return { ...(await this.organizers.read(ctx, id)) };
        case 'category':
          return { ...(await this.terms.read(ctx, CATEGORIES, id)) };
        case 'tag':
          return { ...(await this.terms.read(ctx, TAGS, id)) };
        default:
          return await this.throughItsRoute(type, id, origin);
      }
    } catch (error) {
      if (error instanceof RestError && error.status < 500) return null;
      throw error;
    }
  }

  private async throughItsRoute(type: string, id: number, origin: string): Promise<Record<string, unknown> | null> {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    const answer = await sendInMemory(server, undefined, { method: 'GET', path: recordUrl(type, id, '', this.config) }, new URL(origin).host);
    if (answer.status === 200) return JSON.parse(answer.body) as Record<string, unknown>;
    if (answer.status < 500) return null;
    throw new Error(`GET ${type} ${id} answered ${answer.status}`);
  }
}
