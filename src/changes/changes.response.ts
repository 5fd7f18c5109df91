import { PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';
import { CHANGE_ACTIONS } from './change-types';

/** The occurrences of a series one write touched (only the actions it took). */
@ResponseSchema('ChangedOccurrences')
export class ChangedOccurrences {
  @PayloadProperty({ type: [Number], required: false, description: 'Occurrences created' }) created?: number[];
  @PayloadProperty({ type: [Number], required: false, description: 'Occurrences rewritten from the first event' }) updated?: number[];
  @PayloadProperty({ type: [Number], required: false, description: 'Occurrences moved to the trash' }) trashed?: number[];
  @PayloadProperty({ type: [Number], required: false, description: 'Occurrences deleted for good' }) deleted?: number[];
}

/** One entry of the change feed (and the `change` of a webhook delivery). */
@ResponseSchema('Change')
export class ChangeResponse {
  @PayloadProperty({ type: 'integer', description: 'Position in the log: larger is later' }) cursor!: number;
  @PayloadProperty({ type: 'string', description: 'The kind of record: event, venue, organizer, category, tag, or a declared resource’s' })
  type!: string;
  @PayloadProperty({ type: 'integer', description: 'The record ID' }) id!: number;
  @PayloadProperty({
    type: 'string',
    enum: [...CHANGE_ACTIONS, 'removed'],
    description: 'What happened; `removed`: the record left what the caller may read (trashed, unpublished, deleted)',
  })
  action!: string;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When the change was committed (UTC)' }) time!: string;
  @PayloadProperty({ type: 'string', required: false, description: 'The record’s REST address (feed only)' }) href?: string;
  @PayloadProperty({
    type: ChangedOccurrences,
    required: false,
    description: 'A recurring series’ change (on its first event): the IDs of the later occurrences it touched, by action',
  })
  occurrences?: ChangedOccurrences;
}

/** `GET /eca/v1/changes`. */
@ResponseSchema('ChangeFeed')
export class ChangeFeedResponse {
  @PayloadProperty({ type: [ChangeResponse], description: 'The changes the caller may see, in log order' }) changes!: ChangeResponse[];
  @PayloadProperty({ type: 'integer', description: 'The `after` of the next request: the last cursor read' }) next_cursor!: number;
  @PayloadProperty({ type: 'boolean', description: 'Whether the log may hold more changes after next_cursor' }) more!: boolean;
  @PayloadProperty({ type: 'integer', description: 'The newest cursor of the log when the page was read (a new mirror starts from it)' })
  last_cursor!: number;
}
