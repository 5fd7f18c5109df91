/** What an assistant is told when it connects (the MCP `instructions`): how the tools map to the REST API. */
export const MCP_INSTRUCTIONS = [
  "The Events Calendar's REST API (tribe/events/v1) as tools: one tool per endpoint, named <collection>_<list|get|create|update|delete>, with the endpoint's own parameters; each answer is the API's JSON.",
  'Dates accept what the API parses: `2031-06-21 20:00`, `tomorrow 9am`, `next friday`, `+2 weeks`, `first day of next month`. Categories and tags are given by ID, slug or name; a venue or organizer by ID, or as an object to create it with the event.',
  'Lists are paged (`page`, `per_page`; `total` and `total_pages` in the answer). events_list shows a default window from yesterday on: give start_date/end_date for other dates.',
  '<collection>_delete moves a post to the trash (`force: true` deletes it for good); <collection>_update with a `status` (`publish`, `draft`) brings a trashed one back. Terms are deleted at once.',
  'Without credentials you see what anonymous REST callers see and cannot write; with an application password (HTTP Basic on this connection) every write needs the same capabilities as over REST (a contributor’s events are pending review).',
  'changes_list returns what changed after a cursor: start with `after: 0` (or the `last_cursor` of a first call) and pass each `next_cursor` as the next `after`.',
  'Answers are short: a line, then the JSON of events, venues, organizers, categories and tags as summaries (IDs, names, dates, status, venue, URL). `full: true` answers the whole records as the REST API does, `_fields` only the keys named (comma list, `a.b` is b inside a: `events.id,events.title,total`). Tools take only the arguments of their input schema.',
  'An update tool takes the arguments of the create tool of its collection (described there), only those that change; a by-slug tool those of the same tool by ID.',
  'Every record is also a resource at its `rest_url` (read only: no `_method`).',
].join('\n');
