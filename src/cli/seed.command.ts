import type { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { parseArgs } from 'node:util';
import { AuthService } from '../auth/auth.service';
import { Caller } from '../wordpress/caller';
import { AppConfig } from '../config/app-config';
import { MAX_OCCURRENCES } from '../recurrence';
import { DatabaseService } from '../database/database.service';
import { EventBatchWriter, KnownRange, SeriesWriter, TecTables } from '../events';
import { CATEGORY_TAXONOMY, TAG_TAXONOMY } from '../events/write/event-terms';
import { LinkedPostWriter } from '../linked-posts/linked-post.writer';
import { ORGANIZER } from '../organizers/organizer.type';
import { VENUE } from '../venues/venue.type';
import { OptionsStore } from '../wordpress/options.store';
import { Permalinks } from '../wordpress/permalinks';
import { PostsStore } from '../wordpress/posts.store';
import { SiteClockService } from '../wordpress/site-clock';
import { TermsStore } from '../wordpress/terms.store';
import { UsersStore } from '../wordpress/users.store';
import { EventRowContext, eventRows } from './seed/event-rows';
import { LinkedSeeder } from './seed/linked-seeder';
import { SeriesSeeder } from './seed/series-seeder';
import { eventInput, organizerInputs, Picker, randomSource, termNames, venueInputs } from './seed/seed-data';
import { EVENT_POST_TYPE } from '../wordpress/post-types';

export const SEED_USAGE = `  seed --events N [--series K --occurrences M] [--venues V] [--organizers O] [--categories C] [--tags T] [--batch B] [--seed S] [--author LOGIN]
        bulk-inserts N sample events (with venues, organizers, categories and tags) exactly as POST /events
        stores them, and K weekly series of M occurrences as POST /events with recurrence stores them
        (--events may then be left out); defaults: V = O = (N + K·M)/20 (1…500), C = 12, T = 30, M = 100,
        B = 1000 events per transaction`;

/** A command-line mistake in `seed` (the CLI prints it with the usage). */
export class SeedUsageError extends Error {}

/** The capabilities the seeded rows assume (an administrator: publish, no kses, terms assignable). */
const AUTHOR_CAPABILITIES = ['edit_tribe_events', 'publish_tribe_events', 'edit_posts', 'unfiltered_html', 'publish_tribe_venues', 'publish_tribe_organizers'];

type AppContext = Pick<INestApplicationContext, 'get'>;

function count(values: Record<string, string | undefined>, name: string, fallback?: number): number {
  const raw = values[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new SeedUsageError(`--${name} is required for seed`);
    return fallback;
  }
  if (!/^\d+$/.test(raw)) throw new SeedUsageError(`--${name} must be a whole number`);
  return Number(raw);
}

async function seedAuthor(app: AppContext, login: string | undefined): Promise<Caller> {
  const auth = app.get(AuthService, { strict: false });
  const users = login ? [await app.get(UsersStore, { strict: false }).findByLogin(login)] : await app.get(UsersStore, { strict: false }).list();
  if (login && !users[0]) throw new SeedUsageError(`No user with login "${login}"`);
  for (const user of users) {
    const caller = await auth.callerFor(user!);
    if (AUTHOR_CAPABILITIES.every((c) => caller.capabilities.has(c))) return caller;
  }
  throw new SeedUsageError(login ? `"${login}" is not an administrator` : 'No administrator to author the events: create one with users:create');
}

/**
 * `seed`: sample data for benchmarks and demos, written in batched multi-row INSERTs (one transaction
 * per batch) with the rows the API itself writes. Term counts and TEC's known range are refreshed at
 * the end, in one transaction.
 */
export async function runSeedCommand(argv: string[], app: AppContext, print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      ['events', 'series', 'occurrences', 'venues', 'organizers', 'categories', 'tags', 'batch', 'seed', 'author'].map((k) => [k, { type: 'string' }]),
    ) as Record<string, { type: 'string' }>,
    strict: true,
  });
  const series = count(values, 'series', 0);
  const occurrences = count(values, 'occurrences', 100);
  if (series && !(occurrences >= 1 && occurrences <= MAX_OCCURRENCES)) throw new SeedUsageError(`--occurrences must be 1 to ${MAX_OCCURRENCES}`);
  const events = count(values, 'events', series ? 0 : undefined);
  const linked = Math.min(500, Math.max(1, Math.ceil((events + series * occurrences) / 20)));
  const venues = count(values, 'venues', linked);
  const organizers = count(values, 'organizers', linked);
  const batchSize = Math.max(1, count(values, 'batch', 1000));
  const pick = new Picker(randomSource(count(values, 'seed', 1)));

  const db = app.get(DatabaseService, { strict: false });
  const posts = app.get(PostsStore, { strict: false });
  const termsStore = app.get(TermsStore, { strict: false });
  const caller = await seedAuthor(app, values.author);
  const clock = await app.get(SiteClockService, { strict: false }).clock();
  const config = app.get(AppConfig, { strict: false });
  const links = await app.get(Permalinks, { strict: false }).forOrigin(`http://localhost:${config.port}`);
  const tribe = await app.get(OptionsStore, { strict: false }).get<Record<string, unknown>>('tribe_events_calendar_options');
  const cutoff = tribe && typeof tribe === 'object' && typeof tribe.multiDayCutoff === 'string' ? tribe.multiDayCutoff : undefined;
  const existing = (type: string) => posts.countOfType(type);

  const started = Date.now();
  const bar = new SingleBar({
    format: 'Seeding {stage} [{bar}] {percentage}% | {value}/{total} | {duration_formatted} elapsed, {eta_formatted} left',
    stream: process.stderr,
    hideCursor: true,
  });
  bar.start(venues + organizers + events + series * occurrences, 0, { stage: 'venues    ' });
  try {
    const seeder = new LinkedSeeder(db, app.get(LinkedPostWriter, { strict: false }), termsStore, caller, clock, links);
    const tick = (n: number) => bar.increment(n);
    const venueIds = await seeder.posts(VENUE, venueInputs(venues, pick, await existing(VENUE.postType)), tick);
    bar.update({ stage: 'organizers' });
    const organizerIds = await seeder.posts(ORGANIZER, organizerInputs(organizers, pick, await existing(ORGANIZER.postType)), tick);
    const categories = await seeder.termsNamed(CATEGORY_TAXONOMY, termNames(count(values, 'categories', 12), 'category'));
    const tags = await seeder.termsNamed(TAG_TAXONOMY, termNames(count(values, 'tags', 30), 'tag'));
    bar.update({ stage: 'events    ' });

    const termTaxonomyIds = new Map([
      [CATEGORY_TAXONOMY, new Map(categories.map((t) => [t.term_id, t.term_taxonomy_id]))],
      [TAG_TAXONOMY, new Map(tags.map((t) => [t.term_id, t.term_taxonomy_id]))],
    ]);
    const pools = { venues: venueIds, organizers: organizerIds, categories: categories.map((t) => t.term_id), tags: tags.map((t) => t.term_id) };
    const writer = new EventBatchWriter(db, posts, links, await app.get(TecTables, { strict: false }).exist());
    const today = clock.now().local.slice(0, 10);
    let sequence = await existing(EVENT_POST_TYPE);
    for (let done = 0; done < events; done += batchSize) {
      const now = clock.now();
      const ctx: EventRowContext = { siteTimezone: clock.timezone, multiDayCutoff: cutoff, now, caller, links, termTaxonomyIds };
      const batch = Array.from({ length: Math.min(batchSize, events - done) }, () => eventRows(eventInput(++sequence, today, pick, pools), ctx));
      await db.transaction(() => writer.write(batch, now.gmt));
      bar.increment(batch.length);
    }
    const seriesSeeder = new SeriesSeeder(db, writer, app.get(SeriesWriter, { strict: false }), links);
    const seriesPerBatch = Math.max(1, Math.floor(batchSize / occurrences));
    for (let done = 0; done < series; done += seriesPerBatch) {
      const now = clock.now();
      const ctx: EventRowContext = { siteTimezone: clock.timezone, multiDayCutoff: cutoff, now, caller, links, termTaxonomyIds };
      const firsts = Array.from({ length: Math.min(seriesPerBatch, series - done) }, () => eventRows(eventInput(++sequence, today, pick, pools), ctx));
      bar.increment(await seriesSeeder.batch(firsts, occurrences, now));
    }

    await db.transaction(async () => {
      await termsStore.recount([...categories, ...tags].map((t) => t.term_taxonomy_id));
      await app.get(KnownRange, { strict: false }).refresh();
    });
  } finally {
    bar.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  print(
    `Seeded ${events} events${series ? `, ${series} series of ${occurrences} occurrences` : ''}, ${venues} venues, ${organizers} organizers, ${count(values, 'categories', 12)} categories and ${count(values, 'tags', 30)} tags in ${seconds.toFixed(1)} s` +
      (events + series ? ` (${Math.round((events + series * occurrences) / seconds)} events/s)` : ''),
  );
}
