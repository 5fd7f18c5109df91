import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bumpCacheVersion } from './data-version';
import { FIXTURES } from './fixture-paths';
import { BASE, TestApp } from './test-app';

/**
 * Issue #31 items 6–8: the case `test/fixtures/plugin-captures/round4/build-case.sh` built on the real
 * plugin, built again here through the service's own API (the passwords by SQL, as WordPress's `wp/v2`
 * update writes them), and the requests of `requests.txt` compared with the plugin's captured answers
 * on what the items are about: which events are listed and blanked, the totals, the embedded venue's
 * fields, `url` and `json_ld.location`.
 */
const DIR = resolve(FIXTURES, 'plugin-captures/round4');

/** The records of the case, by the names build-case.sh gives them. */
export type CaseIds = Record<string, number>;

export type Caller = 'anonymous' | 'admin' | 'subscriber';

interface Capture {
  request: string;
  caller: Caller;
  status: number;
  body: any;
}

/** The lines of requests.txt: name, path with `{name}` placeholders, callers. */
export const ROUND4_REQUESTS: { name: string; path: string; callers: Caller[] }[] = readFileSync(resolve(DIR, 'requests.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [name, path, ...callers] = line.trim().split(/\s+/);
    return { name, path, callers: (callers.length ? callers : ['anonymous', 'admin']) as Caller[] };
  });

/** The plugin's IDs of the case (its ids.json). */
export const PLUGIN_IDS: CaseIds = JSON.parse(readFileSync(resolve(DIR, 'ids.json'), 'utf8'));

function capture(name: string, caller: Caller): Capture {
  return JSON.parse(readFileSync(resolve(DIR, `${name}.${caller}.json`), 'utf8'));
}

const fill = (path: string, ids: CaseIds) => path.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key]));

/** Builds the case through the service's API as `admin` (an administrator's Authorization header). */
export async function buildRound4Case(t: TestApp, admin: string): Promise<CaseIds> {
  const post = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const res = await t.http.post(`${BASE}${path}`).set('Authorization', admin).send(body);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const setPassword = async (id: number, password: string) => {
    await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_password = ? WHERE ID = ?`, [password, id]);
    await bumpCacheVersion(t);
  };
  const ids: CaseIds = {};
  ids.music = await post('/categories', { name: 'Music' });
  ids.jazz = await post('/categories', { name: 'Jazz', parent: ids.music });
  ids.private_hall = await post('/venues', { venue: 'Private Hall', address: '1 Hidden Street', city: 'Lyon', country: 'France', status: 'private' });
  ids.locked_hall = await post('/venues', { venue: 'Locked Hall', address: '2 Secret Road', city: 'Nantes', country: 'France' });
  await setPassword(ids.locked_hall, 'HallKey');
  const event = (title: string, description: string, day: string, more: Record<string, unknown>) =>
    post('/events', { title, description, start_date: `${day} 20:00:00`, end_date: `${day} 22:00:00`, ...more });
  ids.music_night = await event('Music Night', 'An evening of music.', '2028-03-01', { categories: [ids.music] });
  ids.jazz_one = await event('Jazz Evening One', 'A quartet plays.', '2028-03-02', { categories: [ids.jazz] });
  ids.jazz_two = await event('Jazz Evening Two', 'A trio plays.', '2028-03-03', { categories: [ids.jazz] });
  ids.jazz_protected = await event('Jazz Members Night', 'The saxophonist Zanzibarian plays.', '2028-03-04', { categories: [ids.jazz] });
  await setPassword(ids.jazz_protected, 'Sesame');
  ids.jazz_private = await event('Jazz Rehearsal', 'Closed rehearsal.', '2028-03-05', { categories: [ids.jazz], status: 'private' });
  ids.at_private_hall = await event('Talk at the Private Hall', 'A talk.', '2028-04-01', { venue: ids.private_hall });
  ids.at_locked_hall = await event('Concert at the Locked Hall', 'A concert.', '2028-04-02', { venue: ids.locked_hall });
  return ids;
}

/**
 * What items 6–8 are about in an answer, with IDs replaced by the case's names and links by their
 * path and query (the plugin ran on another origin and numbered the records its own way).
 */
function relevant(status: number, body: any, ids: CaseIds): unknown {
  // The case's records by name; others (the fixture's own events, the same IDs on both sides) by ID.
  const caseNames = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  const names = { get: (id: number) => caseNames.get(id) ?? id };
  const link = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${pathname}${search.replace(/([?&]p=)(\d+)/, (_, p: string, id: string) => `${p}{${names.get(Number(id))}}`)}`;
  };
  if (status !== 200) return { status, code: body.code };
  if (Array.isArray(body.events)) {
    return { total: body.total, events: body.events.map((e: any) => ({ event: names.get(e.id), blanked: e.description === '' })) };
  }
  const venue = (v: any) =>
    Array.isArray(v)
      ? v
      : {
          venue: names.get(v.id),
          name: v.venue,
          url: link(v.url),
          ...Object.fromEntries(['status', 'address', 'city', 'country', 'show_map', 'show_map_link'].map((key) => [key, v[key]])),
          json_ld: v.json_ld ? { '@type': v.json_ld['@type'], name: v.json_ld.name, address: v.json_ld.address } : v.json_ld,
        };
  if ('start_date' in body) {
    const location = body.json_ld?.location;
    return {
      event: names.get(body.id),
      blanked: body.description === '',
      venue: venue(body.venue),
      location: location ? { '@type': location['@type'], name: location.name, address: location.address, url: location.url && link(location.url) } : location,
    };
  }
  return venue(body);
}

/**
 * The service's and the plugin's answers to the request `name` of requests.txt, as `caller` (its
 * Authorization header in `auth`; none for anonymous), reduced to what the items compare.
 */
export async function round4Answers(t: TestApp, ids: CaseIds, name: string, caller: Caller, auth?: string): Promise<{ service: unknown; plugin: unknown }> {
  const request = ROUND4_REQUESTS.find((r) => r.name === name);
  if (!request?.callers.includes(caller)) throw new Error(`requests.txt has no ${name} for ${caller}`);
  const res = await (auth ? t.http.get(`${BASE}${fill(request.path, ids)}`).set('Authorization', auth) : t.http.get(`${BASE}${fill(request.path, ids)}`));
  const plugin = capture(name, caller);
  return { service: relevant(res.status, res.body, ids), plugin: relevant(plugin.status, plugin.body, PLUGIN_IDS) };
}

export interface Round4Setup {
  t: TestApp;
  ids: CaseIds;
  /** Authorization headers of an administrator and a subscriber. */
  admin: string;
  subscriber: string;
}

/**
 * The comparisons of items 6–8, for the spec that calls it inside its `describe` (`setup` is ready
 * once its `beforeAll` ran): the fixture database on MariaDB, and a fresh database on either engine.
 */
export function round4Comparisons(setup: () => Round4Setup): void {
  const compare = async (name: string, caller: Caller) => {
    const { t, ids, admin, subscriber } = setup();
    const { service, plugin } = await round4Answers(t, ids, name, caller, { anonymous: undefined, admin, subscriber }[caller]);
    expect(service).toEqual(plugin);
  };

  describe('item 6: a password-protected event in a child category', () => {
    for (const name of ['music-by-id', 'jazz-by-slug']) {
      it(`${name}: listed (blanked) and counted for anonymous and administrator alike`, async () => {
        await compare(name, 'anonymous');
        await compare(name, 'admin');
      });
    }

    it("an administrator's search matches its hidden description, an anonymous one leaves it out", async () => {
      await compare('search-content-word', 'anonymous');
      await compare('search-content-word', 'admin');
      await compare('search-title-word', 'anonymous');
      await compare('search-title-word', 'admin');
    });

    it("a subscriber's search does not (issue #13 over the plugin: it cannot edit the event)", async () => {
      const { t, ids, subscriber } = setup();
      const { service, plugin } = await round4Answers(t, ids, 'search-content-word', 'subscriber', subscriber);
      expect(plugin).toEqual({ total: 1, events: [{ event: 'jazz_protected', blanked: true }] });
      expect(service).toEqual({ total: 0, events: [] });
    });
  });

  describe("item 7: a published event's private venue", () => {
    it('has the plain link for callers who may not read it, the pretty one for those who may', async () => {
      await compare('event-at-private-venue', 'anonymous');
      await compare('event-at-private-venue', 'admin');
      await compare('private-venue', 'admin');
    });
  });

  describe("item 8: an event's password-protected venue", () => {
    it("stays blanked inside the event, whatever the request's password; alone, its password unlocks it", async () => {
      for (const name of ['event-at-locked-venue', 'event-at-locked-venue-with-password', 'list-at-locked-venue-with-password']) {
        await compare(name, 'anonymous');
        await compare(name, 'admin');
      }
      await compare('locked-venue-with-password', 'anonymous');
    });
  });
}
