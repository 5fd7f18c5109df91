import { Injectable } from '@nestjs/common';
import { LinkedInputResolver, ResolvedInput, LinkPlan, linkedIdsOf } from '../../linked-posts';
import { OrganizersService } from '../../organizers';
import { RestError } from '../../reasons/rest-error';
import { VenuesService } from '../../venues';
import { OptionsStore } from '../../wordpress/options.store';
import { PostMeta, PostRow, PostsStore } from '../../wordpress/posts.store';
import { SiteClock } from '../../wordpress/site-clock';
import { PreparedCost, prepareEventCost } from '../cost';
import { DateInputError, PreparedEventDates, prepareEventDates, preparePublicationDates, StoredEventDates } from '../../dates';
import { EventCreateArgs, EventUpdateArgs, suppliedParam } from '../dto/event-write.args';
import { RequestContext } from '../../rest/request-context';
import { EVENT_TAXONOMIES, termItems } from './event-terms';
import { planSeries, SeriesPlan, seriesTiming, storedTiming } from '../series/series-plan';

export type EventWriteArgs = EventCreateArgs | EventUpdateArgs;

/** The event as stored, for updates. */
export interface StoredEvent {
  post: PostRow;
  meta: PostMeta;
}

/** Everything an event write will do, validated before anything is written (storage.md §15). */
export interface EventWritePlan {
  args: EventWriteArgs;
  /** Whether the request carries the parameter (omitted = unchanged on update, Q9 DEVIATE). */
  supplied: (name: string) => boolean;
  /** Author, publication dates and image checked against the database. */
  input: ResolvedInput;
  eventDates: PreparedEventDates;
  cost?: PreparedCost;
  /** Items per taxonomy (`categories` → tribe_events_cat, `tags` → post_tag); absent = unchanged. */
  terms: Map<string, string[]>;
  venue: LinkPlan;
  organizer: LinkPlan;
}

function first(meta: PostMeta, key: string): string | undefined {
  return meta.get(key)?.[0];
}

function storedDates(meta: PostMeta): StoredEventDates {
  return {
    _EventStartDate: first(meta, '_EventStartDate'),
    _EventEndDate: first(meta, '_EventEndDate'),
    _EventTimezone: first(meta, '_EventTimezone'),
    _EventAllDay: first(meta, '_EventAllDay'),
  };
}

/**
 * Phase one of an event write: every check that needs the site settings or the database (dates in the
 * event's zone, author, image, venue/organizer input, term lists). All invalid parameters are reported
 * together as one `rest_invalid_param`, before the permission check (errors.md §2) — except
 * `recurrence`, checked by `series` after it (docs/decisions.md, issue #30).
 */
@Injectable()
export class EventWritePlanner {
  constructor(
    private readonly resolver: LinkedInputResolver,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly options: OptionsStore,
    private readonly posts: PostsStore,
  ) {}

  /** `storedMeta`: the event's current meta on updates (absent on create). */
  async plan(ctx: RequestContext, args: EventWriteArgs, clock: SiteClock, storedMeta?: PostMeta): Promise<EventWritePlan> {
    const { caller, origin } = ctx;
    const supplied = (name: string) => suppliedParam(args, name);
    const given = <T>(name: keyof EventWriteArgs): T | undefined => (supplied(name) ? (args[name] as T) : undefined);
    const invalid: Record<string, string> = {};
    const collect = async <T>(work: () => Promise<T> | T): Promise<T | undefined> => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof DateInputError) invalid[error.param] = error.reason;
        else if (error instanceof RestError && error.code === 'rest_invalid_param')
          Object.assign(invalid, (error.extra as { params: Record<string, string> }).params);
        else throw error;
        return undefined;
      }
    };

    const multiDayCutoff = await this.multiDayCutoff();
    const eventDates = await collect(() =>
      prepareEventDates(
        { start_date: given('start_date'), end_date: given('end_date'), timezone: given('timezone'), all_day: given('all_day') },
        { timezone: clock.timezone, multiDayCutoff },
        clock.now().ms,
        storedMeta ? storedDates(storedMeta) : undefined,
      ),
    );
    const input = await collect(() => this.resolver.resolve(args as unknown as Record<string, unknown>, caller, clock, origin));
    // The resolver reads `date`/`date_utc` in their own zone; the other column (site zone ↔ UTC) must be storable too.
    await collect(() =>
      preparePublicationDates({ date: given('date'), date_utc: given('date_utc') }, { siteTimezone: clock.timezone, now: clock.now().ms, status: 'publish' }),
    );
    // The records venue and organizers name by ID, read in one query for both (issue #32).
    const named = await this.posts.byIds([...linkedIdsOf(given('venue')), ...linkedIdsOf(given('organizer'))]);
    const venue = await collect(() => this.venues.prepareForEvent(given('venue'), caller, clock, origin, storedMeta, named));
    const organizer = await collect(() => this.organizers.prepareForEvent(given('organizer'), caller, clock, origin, storedMeta, named));
    const terms = new Map<string, string[]>();
    for (const { param, taxonomy } of EVENT_TAXONOMIES) {
      const value = given<unknown[]>(param);
      if (value === undefined) continue;
      const items = termItems(value);
      if (items) terms.set(taxonomy, items);
      else invalid[param] = `${param} must list IDs, slugs or names (texts or numbers).`;
    }
    if (Object.keys(invalid).length) throw RestError.invalidParams(invalid);

    const cost = given<string[]>('cost');
    return {
      args,
      supplied,
      input: input!,
      eventDates: eventDates!,
      cost: cost === undefined ? undefined : prepareEventCost(cost),
      terms,
      venue: venue!,
      organizer: organizer!,
    };
  }

  /**
   * Phase two, once the caller may write (issue #30: a rule is work, never done for a caller who will
   * be refused): `recurrence` checked against the event's dates as the write leaves them (new ones,
   * else the stored ones) and expanded, or undefined when not supplied; a wrong rule is a 400 on
   * `recurrence`. Bounded work whatever the rule (docs/recurring-events.md "Limits").
   */
  series(plan: EventWritePlan, nowMs: number, storedMeta?: PostMeta): SeriesPlan | undefined {
    if (!plan.supplied('recurrence')) return undefined;
    const prepared = plan.eventDates;
    const stored = storedMeta && storedTiming(storedMeta);
    const allDay = prepared.allDay === undefined ? (stored?.allDay ?? false) : prepared.allDay === '1';
    const timing = prepared.dates ? seriesTiming(prepared.dates, allDay, prepared.skippedStart) : stored;
    const series = timing ? planSeries(plan.args.recurrence, timing, nowMs) : undefined;
    if (typeof series === 'string') throw RestError.invalidParams({ recurrence: series });
    return series;
  }

  /** `multiDayCutoff` of the TEC settings (formats.md §1.6). */
  private async multiDayCutoff(): Promise<string | undefined> {
    // Parsed once per distinct value and shared (read only here).
    const tribe = await this.options.getShared<Record<string, unknown>>('tribe_events_calendar_options');
    const cutoff = tribe && typeof tribe === 'object' ? tribe.multiDayCutoff : undefined;
    return typeof cutoff === 'string' ? cutoff : undefined;
  }
}
