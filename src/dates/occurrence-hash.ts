/** `tec_occurrences.hash` (storage.md §11, verified on a live install). */
import { createHash } from 'node:crypto';

export interface OccurrenceHashInput {
  postId: number;
  startDate: string;
  endDate: string;
  startDateUtc: string;
  endDateUtc: string;
  duration: number | string;
}

/** SHA-1 hex of `post_id:start_date:end_date:start_date_utc:end_date_utc:duration`. */
export function occurrenceHash(o: OccurrenceHashInput): string {
  const source = [o.postId, o.startDate, o.endDate, o.startDateUtc, o.endDateUtc, o.duration].join(':');
  return createHash('sha1').update(source).digest('hex');
}
