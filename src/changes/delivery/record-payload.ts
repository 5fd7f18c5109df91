import { Injectable } from '@nestjs/common';
import { ANONYMOUS } from '../../auth/caller';
import { CATEGORIES } from '../../categories/categories.taxonomy';
import { AppConfig } from '../../config/app-config';
import { EventsReadService } from '../../events/events-read.service';
import { OrganizersService } from '../../organizers/organizers.service';
import { RestError } from '../../rest/rest-error';
import { TAGS } from '../../tags/tags.taxonomy';
import { TermsService } from '../../terms/terms.service';
import { VenuesService } from '../../venues/venues.service';
import type { RecordType } from '../change-types';

/**
 * A record as `GET /tribe/events/v1/<collection>/{id}` shows it to an anonymous caller, read through
 * the resources' own read services at delivery time; null when such a caller may not read it (a draft,
 * a trashed, deleted or password-protected record).
 */
@Injectable()
export class RecordPayloads {
  constructor(
    private readonly events: EventsReadService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: TermsService,
    private readonly config: AppConfig,
  ) {}

  async anonymousView(type: RecordType, id: number): Promise<Record<string, unknown> | null> {
    // URLs use SITE_URL, else the WordPress `home` option; this origin only when neither is set.
    const origin = `http://localhost:${this.config.port}`;
    try {
      switch (type) {
        case 'event':
          return await this.events.read({ id }, ANONYMOUS, origin, {});
        case 'venue':
          return await this.venues.read({ id }, ANONYMOUS, origin, {});
        case 'organizer':
          return await this.organizers.read({ id }, ANONYMOUS, origin, {});
        case 'category':
          return { ...(await this.terms.get(CATEGORIES, id, { caller: ANONYMOUS, origin })) };
        case 'tag':
          return { ...(await this.terms.get(TAGS, id, { caller: ANONYMOUS, origin })) };
      }
    } catch (error) {
      if (error instanceof RestError && error.status < 500) return null;
      throw error;
    }
  }
}
