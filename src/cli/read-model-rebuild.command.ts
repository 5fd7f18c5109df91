import type { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { EVENT_LIST_ITEM_KIND, EVENT_SINGLE_KIND, EventLoader, EventTexts } from '../events';
import { LinkedPostLoader } from '../linked-posts';
import { ORGANIZER } from '../organizers';
import { ORIGIN_PLACEHOLDER, ReadModel } from '../read-model';
import { VENUE } from '../venues';
import { ANONYMOUS } from '../wordpress/caller';
import { PostsStore } from '../wordpress/posts.store';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { SiteService } from '../wordpress/site.service';

export const READ_MODEL_REBUILD_USAGE = `  read-model:rebuild
        renders every event (and its list item), venue and organizer into the read model again (rows of an older version of
        the service, or of another public base, are deleted first); safe beside a running service`;

/** Records read and kept per step. */
const BATCH = 500;

/**
 * `read-model:rebuild` (docs/caching.md "The read model"): retires every row, deletes the old rows, then
 * reads every event, venue and organizer through the loaders the API reads them with, in ID order and
 * batches, so each batch is kept as rows by the same road (and the same freshness check) as a first
 * read. A write committed meanwhile is simply kept out of the batch it raced (its rows are rendered by
 * the next read).
 */
export async function runReadModelRebuild(app: Pick<INestApplicationContext, 'get'>, print: (line: string) => void): Promise<void> {
  const get = <T>(type: new (...args: never[]) => T) => app.get(type, { strict: false });
  const [posts, readModel, site, events, texts, linked] = [
    get(PostsStore),
    get(ReadModel),
    get(SiteService),
    get(EventLoader),
    get(EventTexts),
    get(LinkedPostLoader),
  ];
  if (!readModel.enabled) throw new Error('READ_MODEL is false: there is no read model to rebuild.');
  // Links following each request's host: rows are rendered for the placeholder origin (origin-placeholder.ts).
  const base = (await site.fixedPublicBase()) ?? ORIGIN_PLACEHOLDER;
  await readModel.retireAll();
  const deleted = await readModel.prune(
    [EVENT_POST_TYPE, EVENT_LIST_ITEM_KIND, EVENT_SINGLE_KIND, VENUE.postType, ORGANIZER.postType].map((type) => readModel.kind(type, base)),
  );
  const steps: [string, (ids: number[]) => Promise<unknown>][] = [
    [VENUE.postType, (ids) => linked.load(VENUE, ids, base)],
    [ORGANIZER.postType, (ids) => linked.load(ORGANIZER, ids, base)],
    // An event's shared part, then its list item.
    [
      EVENT_POST_TYPE,
      async (ids) => {
        await events.represent(ids, { caller: ANONYMOUS, requestOrigin: base, mode: 'plain' });
        await texts.items(ids, { caller: ANONYMOUS, requestOrigin: base });
      },
    ],
  ];
  const counts = await Promise.all(steps.map(([type]) => posts.countOfType(type)));
  const total = counts.reduce((a, b) => a + b, 0);
  const bar = new SingleBar({
    format: 'Rebuilding {stage} [{bar}] {percentage}% | {value}/{total} | {duration_formatted} elapsed, {eta_formatted} left',
    stream: process.stderr,
    hideCursor: true,
  });
  bar.start(total, 0, { stage: steps[0][0].padEnd(15) });
  const started = Date.now();
  try {
    for (const [type, keep] of steps) {
      bar.update({ stage: type.padEnd(15) });
      for (let after = 0; ;) {
        const ids = await posts.idsOfType(type, after, BATCH);
        if (!ids.length) break;
        await keep(ids);
        bar.increment(ids.length);
        after = ids[ids.length - 1];
      }
    }
  } finally {
    bar.stop();
  }
  print(
    `Rebuilt the read model: ${counts.map((n, i) => `${n} ${steps[i][0]}`).join(', ')} (${total} records) in ${((Date.now() - started) / 1000).toFixed(1)} s; ${deleted} old rows deleted.`,
  );
}
