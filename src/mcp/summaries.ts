import { FieldTree, parseFields, pickFields } from '../rest/global-params/response-fields';

/**
 * What an assistant gets of a record by default: enough to act on (which one, when, where, its state,
 * its addresses), not the 7 KB the REST API answers for an event. Keys as `_fields` names them; a key
 * a record lacks is left out. `full: true` or `_fields` on a tool call get the API's JSON instead.
 * Collections without an entry (the change feed, webhooks, a module's resources) are answered whole.
 */
const SUMMARY_FIELDS: Readonly<Record<string, string>> = {
  events: 'id,title,status,start_date,end_date,all_day,timezone,venue.id,venue.venue,organizer.id,organizer.organizer,categories.name,tags.name,cost,url',
  venues: 'id,venue,status,address,city,country,zip,url',
  organizers: 'id,organizer,status,email,phone,website,url',
  categories: 'id,name,slug,parent,count',
  tags: 'id,name,slug,count',
};

const TREES = new Map(Object.entries(SUMMARY_FIELDS).map(([group, fields]) => [group, parseFields(fields)!]));

/** Whether a collection's records are summarized (its tools then declare `full`). */
export const isSummarized = (group: string): boolean => TREES.has(group);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The summary of an answer of a collection's tool: a record cut to its summary; a list's items so (the
 * list's own keys — totals, next page — kept); a deletion's `previous` record so.
 */
export function summarize(group: string, body: unknown): unknown {
  const tree: FieldTree | undefined = TREES.get(group);
  if (!tree || !isObject(body)) return body;
  if (Array.isArray(body[group])) return { ...body, [group]: (body[group] as unknown[]).map((item) => pickFields(item, tree)) };
  if (body.deleted === true && isObject(body.previous)) return { ...body, previous: pickFields(body.previous, tree) };
  return pickFields(body, tree);
}
