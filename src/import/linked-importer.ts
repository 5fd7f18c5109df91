import { Injectable } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { OrganizerCreateArgs, OrganizerUpdateArgs, ORGANIZER, OrganizersService } from '../organizers';
import { RestValidationPipe } from '../rest/params/rest-validation.pipe';
import { RestError } from '../reasons/rest-error';
import { VenueCreateArgs, VenueUpdateArgs, VENUE, VenuesService } from '../venues';
import { PostsStore } from '../wordpress/posts.store';
import { CsvRow } from './csv/csv-table';
import { linkedRow } from './csv/linked-rows';
import { ReportItem } from './import-report';
import { restReason } from './rest-reason';

const validation = new RestValidationPipe();

/**
 * A CSV of venues or organizers, row by row, through `POST /venues` / `POST /organizers`' own service
 * (validation, capabilities, one transaction each). A row whose exact name a record already has
 * updates that record, as the plugin's importer matches venues and organizers by name.
 */
@Injectable()
export class LinkedImporter {
  constructor(
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly posts: PostsStore,
  ) {}

  async write(
    kind: 'venues' | 'organizers',
    rows: readonly CsvRow[],
    caller: Caller,
    origin: string,
    progress?: (done: number) => void,
  ): Promise<ReportItem[]> {
    const items: ReportItem[] = [];
    const [service, create, update, postType] =
      kind === 'venues'
        ? [this.venues, VenueCreateArgs, VenueUpdateArgs, VENUE.postType]
        : [this.organizers, OrganizerCreateArgs, OrganizerUpdateArgs, ORGANIZER.postType];
    for (const [index, row] of rows.entries()) {
      const read = linkedRow(kind, row);
      const item = (action: ReportItem['action'], id: number | null, reason: string | null = null): ReportItem => ({
        action,
        line: row.line,
        uid: null,
        event_id: id,
        title: typeof read === 'string' ? null : read.name,
        reason,
      });
      if (typeof read === 'string') items.push(item('failed', null, read));
      else {
        try {
          const [existing] = await this.posts.idsByTitle(postType, read.name);
          const args = (await validation.transform(read.params, { type: 'custom', metatype: existing ? update : create, data: undefined })) as object;
          const ctx = { caller, origin, credentials: {} };
          const record = existing ? await service.update(ctx, existing, args) : await service.create(ctx, args);
          items.push(item(existing ? 'updated' : 'created', Number(record.id)));
        } catch (error) {
          if (!(error instanceof RestError)) throw error;
          items.push(item('failed', null, restReason(error)));
        }
      }
      progress?.(index + 1);
    }
    return items;
  }
}
