import { DatabaseService } from '../../database/database.service';
import { isTruthyMeta } from '../../dates';
import { EventBatchWriter } from '../../events/repository/event-batch-writer';
import { planSeries, seriesTiming } from '../../events/series/series-plan';
import { SeriesWriter } from '../../events/series/series.writer';
import { PostLinks } from '../../wordpress/permalinks';
import { SiteNow } from '../../wordpress/site-clock';
import { EventRows } from '../../events/write/event-rows';

/** A weekly rule of `occurrences` occurrences: the series `seed --series` writes. */
export const seedRule = (occurrences: number) => ({ rrule: `FREQ=WEEKLY;COUNT=${occurrences}` });

/**
 * `seed --series N --occurrences M`: each batch of first events is written by the batch writer, then
 * each becomes a series as `POST /events` with `recurrence` makes it (SeriesWriter.create: the rule on
 * it, its later occurrences in multi-row statements) — one transaction per batch.
 */
export class SeriesSeeder {
  constructor(
    private readonly db: DatabaseService,
    private readonly writer: EventBatchWriter,
    private readonly series: SeriesWriter,
    private readonly links: PostLinks,
  ) {}

  /** Writes the batch's first events and their series; returns the number of events written. */
  async batch(firsts: EventRows[], occurrences: number, now: SiteNow): Promise<number> {
    return this.db.transaction(async () => {
      const ids = await this.writer.write(firsts, now.gmt);
      for (const [i, id] of ids.entries()) {
        const allDay = isTruthyMeta(firsts[i].meta.find(([key]) => key === '_EventAllDay')?.[1]);
        const plan = planSeries(seedRule(occurrences), seriesTiming(firsts[i].dates, allDay), now.ms);
        if (typeof plan === 'string') throw new Error(`seed --series: ${plan}`);
        await this.series.create(id, plan, this.links, now);
      }
      return ids.length * occurrences;
    });
  }
}
