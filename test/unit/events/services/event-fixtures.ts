import { RestError } from '../../../../src/reasons/rest-error';
import { RequestContext } from '../../../../src/rest/request-context';
import { ANONYMOUS, Caller } from '../../../../src/wordpress/caller';
import { PostRow } from '../../../../src/wordpress/posts.store';

/** A `tribe_events` row as the stores return it; published, no password, unless overridden. */
export function eventRow(overrides: Partial<PostRow> = {}): PostRow {
  return {
    ID: 10,
    post_author: 1,
    post_date: '2031-01-01 10:00:00',
    post_date_gmt: '2031-01-01 10:00:00',
    post_content: 'Secret programme',
    post_title: 'Jazz',
    post_excerpt: '',
    post_status: 'publish',
    post_password: '',
    post_name: 'jazz',
    post_modified: '2031-01-01 10:00:00',
    post_modified_gmt: '2031-01-01 10:00:00',
    post_parent: 0,
    guid: 'https://example.org/?post_type=tribe_events&p=10',
    menu_order: 0,
    post_type: 'tribe_events',
    post_mime_type: '',
    ...overrides,
  };
}

/** A request's context for `caller`, as the request road builds it. */
export function contextOf(caller: Caller = ANONYMOUS, credentials: RequestContext['credentials'] = {}): RequestContext {
  return { caller, origin: 'https://example.org', credentials };
}

/** A signed-in caller holding exactly `capabilities`. */
export function callerWith(id: number, ...capabilities: string[]): Caller {
  return { id, login: `user${id}`, capabilities: new Set(capabilities) };
}

/** The error a promise rejects with, as the client reads its code and status. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof RestError)) throw new Error(`expected a RestError, got ${String(error)}`);
  return { code: error.code, status: error.status };
}
