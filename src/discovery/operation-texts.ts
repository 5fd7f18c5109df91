import { RouteHandler } from './route-table';

/** What an operation does, as Swagger UI groups its texts. */
export type OperationKind = 'list' | 'create' | 'read' | 'update' | 'delete';

/**
 * How a resource's operations are named in Swagger UI (declared beside the resource, `docs` of
 * defineResource): the generic texts of operation-texts.ts say the rest.
 */
export interface ResourceDocs {
  /** One record with its article: `an event`, `a venue`. */
  one: string;
  /**
   * What DELETE does: `trash` — to the trash, `force=true` for good (posts, docs/trash-and-images.md);
   * `delete` — for good at once (terms, webhooks).
   */
  deletion: 'trash' | 'delete';
  /** Who may read, when it is not "anyone: what the caller's role may read" (posts' rule). */
  readers?: string;
  /** Reads need credentials too (answered 401 without them). */
  readsNeedLogin?: boolean;
  /** Sentences added to the generic description of an operation. */
  notes?: Partial<Record<OperationKind, string>>;
  /** What Swagger UI's "Try it out" starts with on its operations (swagger-examples.ts). */
  examples?: ResourceExamples;
}

/** Examples a newcomer can send as they are: each must succeed (test/e2e/swagger-examples.e2e-spec.ts). */
export interface ResourceExamples {
  /** A body that creates one; the default body of its updates too (any field may be left out there). */
  create: Readonly<Record<string, unknown>>;
  /** The slug the one created with `create` gets: the by-slug routes' example. */
  slug?: string;
  /**
   * The create example makes the service fetch a URL elsewhere (an import's feed): Swagger shows it,
   * marked `x-example-fetches-url`, and a machine without a network cannot try it.
   */
  fetchesUrl?: boolean;
}

export interface OperationText {
  summary: string;
  description: string;
}

export function kindOf({ route, endpoint, httpMethod }: RouteHandler): OperationKind {
  if (httpMethod === 'DELETE') return 'delete';
  if (httpMethod === 'GET') return endpoint.list || route.pathParams.length === 0 ? 'list' : 'read';
  return route.pathParams.length === 0 ? 'create' : 'update';
}

const POST_READERS =
  'Anonymous callers see published records; with an application password (HTTP Basic) a user also sees what its role may read (private, drafts, its own records).';

/**
 * The summary and description of a handler's operation in Swagger UI, from its resource's `docs`;
 * undefined for routes outside a documented resource (the discovery routes carry their own).
 */
export function operationText(handler: RouteHandler): OperationText | undefined {
  const resource = handler.route.resource;
  const docs = resource?.docs;
  if (!resource || !docs) return undefined;
  const kind = kindOf(handler);
  const many = resource.collection;
  const by = handler.route.pathParams.includes('slug') ? ' by slug' : handler.route.pathParams.includes('id') ? ' by ID' : '';
  const capabilities = resource.writeCapabilities?.length ? ` with ${resource.writeCapabilities.map((c) => `\`${c}\``).join(' or ')}` : '';
  const writer = `Needs an application password (HTTP Basic) of a user${capabilities}`;
  const base: Record<OperationKind, OperationText> = {
    list: {
      summary: `List ${many}`,
      description: `${docs.readers ?? POST_READERS} Paged with \`page\` and \`per_page\`: \`total\` and \`total_pages\` in the body, \`X-WP-Total\` and \`X-WP-TotalPages\` in the headers, the next and previous pages in \`next_rest_url\`/\`previous_rest_url\` and the \`Link\` header.`,
    },
    read: { summary: `Get ${docs.one}${by}`, description: docs.readers ?? POST_READERS },
    create: { summary: `Create ${docs.one}`, description: `${writer}.` },
    update: {
      summary: `Update ${docs.one}${by}`,
      description:
        `${writer}, allowed to edit this one. Partial: only the parameters sent change. PUT and PATCH on this path do the same (not listed again).` +
        (docs.deletion === 'trash' ? ' A trashed record comes back when the update gives it a `status` (`draft`, `publish`, …).' : ''),
    },
    delete:
      docs.deletion === 'trash'
        ? {
            summary: `Trash ${docs.one}${by}, or delete it for good`,
            description: `${writer}, allowed to delete this one. Moves it to the trash and answers it (410 when it already is there); \`force=true\` deletes it for good, in the trash or not, and answers \`{"deleted": true, "previous": {…}}\`.`,
          }
        : { summary: `Delete ${docs.one}${by}`, description: `${writer}. Deletes it for good (there is no trash) and answers it as it was.` },
  };
  const note = docs.notes?.[kind];
  const text = base[kind];
  return note ? { summary: text.summary, description: `${text.description} ${note}` } : text;
}
