import { Role } from '../../src/auth/users.service';
import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';

/**
 * Every write route × every role, on records the administrator owns and published, against
 * auth-and-permissions.md §3: anonymous 401, missing capability 403, else the route's success status.
 */
type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator'];
const ALL: Caller[] = ['contributor', 'author', 'editor', 'administrator'];
const OTHERS: Caller[] = ['editor', 'administrator']; // edit_others_* / delete_others_* and published
const CATEGORIES: Caller[] = ['author', 'editor', 'administrator']; // edit + publish_tribe_events
const TAGS: Caller[] = ['editor', 'administrator']; // edit_tribe_events + manage_categories

interface Resource {
  path: string;
  bySlug: boolean;
  create: (n: number) => Record<string, unknown>;
  update: Record<string, unknown>;
  mayCreate: Caller[];
  mayChange: Caller[];
}

const RESOURCES: Resource[] = [
  {
    path: 'events',
    bySlug: true,
    create: (n) => ({ title: `Event ${n}`, start_date: '2031-05-01 10:00', end_date: '2031-05-01 12:00', status: 'publish' }),
    update: { title: 'Changed' },
    mayCreate: ALL,
    mayChange: OTHERS,
  },
  {
    path: 'venues',
    bySlug: true,
    create: (n) => ({ venue: `Venue ${n}`, status: 'publish' }),
    update: { venue: 'Changed' },
    mayCreate: ALL,
    mayChange: OTHERS,
  },
  {
    path: 'organizers',
    bySlug: true,
    create: (n) => ({ organizer: `Organizer ${n}`, status: 'publish' }),
    update: { organizer: 'Changed' },
    mayCreate: ALL,
    mayChange: OTHERS,
  },
  {
    path: 'categories',
    bySlug: false,
    create: (n) => ({ name: `Category ${n}` }),
    update: { description: 'Changed' },
    mayCreate: CATEGORIES,
    mayChange: CATEGORIES,
  },
  { path: 'tags', bySlug: false, create: (n) => ({ name: `Tag ${n}` }), update: { description: 'Changed' }, mayCreate: TAGS, mayChange: TAGS },
];

const expected = (caller: Caller, allowed: Caller[], success: number) => (caller === 'anonymous' ? 401 : allowed.includes(caller) ? success : 403);

describe('capability matrix of every write route', () => {
  let t: TestApp;
  const auth = new Map<Caller, string | undefined>();
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    auth.set('anonymous', undefined);
    auth.set('administrator', ADMIN);
    for (const role of ['subscriber', 'contributor', 'author', 'editor'] as Role[]) auth.set(role, (await userWithRole(t, role)).auth);
  });
  afterAll(() => t?.close());

  /** A fresh record of the administrator (published for posts). */
  async function adminRecord(resource: Resource): Promise<{ id: number; slug: string }> {
    const res = await t.http.post(`${BASE}/${resource.path}`).set('Authorization', ADMIN).send(resource.create(++counter));
    expect(res.status).toBe(201);
    if (res.body.status !== undefined) expect(res.body.status).toBe('publish');
    return { id: res.body.id, slug: res.body.slug };
  }

  function send(method: 'post' | 'put' | 'patch' | 'delete', path: string, caller: Caller, body?: Record<string, unknown>) {
    let req = t.http[method](`${BASE}/${path}`);
    const header = auth.get(caller);
    if (header) req = req.set('Authorization', header);
    return body ? req.send(body) : req;
  }

  async function expectStatus(caller: Caller, want: number, response: Promise<{ status: number; body: { code?: string } }>) {
    const res = await response;
    expect({ caller, status: res.status }).toEqual({ caller, status: want });
    if (want === 401 || want === 403) expect(res.body.code).toMatch(/^rest_(forbidden|cannot_\w+)$/);
  }

  for (const resource of RESOURCES) {
    describe(resource.path, () => {
      it.each(CALLERS)(`POST /${resource.path} as %s`, async (caller) => {
        await expectStatus(caller, expected(caller, resource.mayCreate, 201), send('post', resource.path, caller, resource.create(++counter)));
      });

      const targets: { name: string; locate: (r: { id: number; slug: string }) => string }[] = [
        { name: '{id}', locate: (r) => `${resource.path}/${r.id}` },
        ...(resource.bySlug ? [{ name: 'by-slug/{slug}', locate: (r: { slug: string }) => `${resource.path}/by-slug/${r.slug}` }] : []),
      ];
      for (const target of targets) {
        for (const method of ['post', 'put', 'patch'] as const) {
          it.each(CALLERS)(`${method.toUpperCase()} (update) /${resource.path}/${target.name} as %s`, async (caller) => {
            const record = await adminRecord(resource);
            await expectStatus(caller, expected(caller, resource.mayChange, 200), send(method, target.locate(record), caller, resource.update));
          });
        }
        it.each(CALLERS)(`DELETE /${resource.path}/${target.name} as %s`, async (caller) => {
          const record = await adminRecord(resource);
          await expectStatus(caller, expected(caller, resource.mayChange, 200), send('delete', target.locate(record), caller));
        });
      }
    });
  }
});
