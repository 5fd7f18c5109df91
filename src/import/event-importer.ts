import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Caller } from '../wordpress/caller';
import { DatabaseService } from '../database/database.service';
import { formatWall, instantToWall, zoneOrFallback } from '../dates';
import { EventCreateArgs, EventUpdateArgs, EventsWriteService } from '../events';
import { RestValidationPipe } from '../rest/params/rest-validation.pipe';
import { RestError } from '../reasons/rest-error';
import { PostMeta, PostsStore } from '../wordpress/posts.store';
import { ksesPost } from '../wordpress/rendering';
import { ImportedEvent } from './imported-event';
import { ReportItem } from './import-report';
import { ImportedEventsRepository, ImportedPost, UID_META_KEY } from './repository/imported-events.repository';
import { restReason } from './rest-reason';

/** One UID of a file: the event (a series' first event) and its changed occurrences (RECURRENCE-ID). */
export interface EventGroup {
  uid: string;
  master: ImportedEvent;
  overrides: ImportedEvent[];
}

/** Where the events come from, as Event Aggregator records it on each event. */
export interface ImportOrigin {
  /** `_tribe_aggregator_origin`: `ical`, `ics` (a file) or `csv`. */
  origin: string;
  /** `_tribe_aggregator_source`: the URL or the file name. */
  source: string;
  /** The status new events get (STATUS:CANCELLED ones are drafts). */
  status: string;
}

/** An event imported before, with the hash and SEQUENCE it was last written from. */
export interface StoredImport extends ImportedPost {
  hash: string | undefined;
  sequence: number;
}

/** The service's own meta: what the event was last written from, and its SEQUENCE. */
const HASH_META_KEY = '_eca_import_hash';
export const EVENT_ORIGIN_META_KEY = '_EventOrigin';
export const EVENT_AGGREGATOR_ORIGIN = 'event-aggregator';
const SEQUENCE_META_KEY = '_eca_import_sequence';

const validation = new RestValidationPipe();

/** A failure of one group, naming the source line at fault. */
class GroupFailure extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Writes one group through the events' own write path (validation, permissions, kses, series), in ONE
 * transaction with Event Aggregator's meta (`_uid`, `_EventOrigin`, `_tribe_aggregator_*`): an event or
 * a series is imported whole or not at all. A group whose content is what it was last written from is
 * left unchanged; an older SEQUENCE than the stored one is not written over a newer one.
 */
@Injectable()
export class EventImporter {
  constructor(
    private readonly db: DatabaseService,
    private readonly events: EventsWriteService,
    private readonly posts: PostsStore,
    private readonly imported: ImportedEventsRepository,
  ) {}

  /** The events the UIDs were imported as, with what they were last written from (statements per 500 UIDs, not per event). */
  async existing(uids: readonly string[]): Promise<Map<string, StoredImport>> {
    const found = await this.imported.byUids(uids);
    const ids = [...found.values()].map((post) => post.id);
    const meta = new Map<number, PostMeta>();
    for (let i = 0; i < ids.length; i += 500)
      for (const [id, m] of await this.posts.meta(ids.slice(i, i + 500), [HASH_META_KEY, SEQUENCE_META_KEY])) meta.set(id, m);
    return new Map(
      [...found].map(([uid, post]) => [
        uid,
        { ...post, hash: meta.get(post.id)?.get(HASH_META_KEY)?.[0], sequence: Number(meta.get(post.id)?.get(SEQUENCE_META_KEY)?.[0] ?? 0) },
      ]),
    );
  }

  async write(group: EventGroup, existing: StoredImport | undefined, origin: ImportOrigin, caller: Caller, requestOrigin: string): Promise<ReportItem[]> {
    const { master } = group;
    const title = String(master.params.title ?? '');
    const item = (action: ReportItem['action'], eventId: number | null, reason: string | null = null, line = master.line): ReportItem => ({
      action,
      line,
      uid: group.uid,
      event_id: eventId,
      title,
      reason,
    });
    const { params, hash } = this.prepare(group);
    if (existing) {
      if (existing.status === 'trash') return [item('unchanged', existing.id, 'The event is in the trash: not imported again.')];
      if (existing.hash === hash) return [item('unchanged', existing.id)];
      if (master.sequence < existing.sequence) {
        return [item('unchanged', existing.id, `SEQUENCE ${master.sequence} is older than the imported ${existing.sequence}.`)];
      }
    }
    try {
      const { id, missing } = await this.db.transaction(async () => {
        // The status is chosen for new events only (as Event Aggregator does): a site's later choice stays, unless the source cancels the event.
        const status = master.cancelled ? { status: 'draft' } : existing ? {} : { status: origin.status };
        const id = existing
          ? await this.update(existing.id, { ...params, ...status }, master, caller, requestOrigin)
          : await this.create({ ...params, ...status }, master, caller, requestOrigin);
        await this.remember(id, group, origin, hash);
        const missing = await this.applyOverrides(id, group, caller, requestOrigin);
        return { id, missing };
      });
      return [item(existing ? 'updated' : 'created', id), ...missing.map((o) => item('failed', null, o.reason, o.line))];
    } catch (error) {
      return [this.failure(error, group)];
    }
  }

  /** What the group's first event is written from (masterParams) and its hash, stored to tell a later import of the same content. */
  prepare(group: EventGroup): { params: Record<string, unknown>; hash: string } {
    const params = this.masterParams(group);
    return { params, hash: contentHash(params, group) };
  }

  /** The report item of a group that failed (a check of the write, naming its line); any other error is thrown again. */
  failure(error: unknown, group: EventGroup): ReportItem {
    const { master } = group;
    const title = String(master.params.title ?? '');
    if (error instanceof GroupFailure) return { action: 'failed', line: error.line, uid: group.uid, event_id: null, title, reason: error.message };
    if (error instanceof RestError) return this.restFailure(error, master, title, group.uid);
    throw error;
  }

  /** The first event's parameters: kses on the description, cancelled occurrences left out of the series. */
  private masterParams(group: EventGroup): Record<string, unknown> {
    const params: Record<string, unknown> = { ...group.master.params };
    if (typeof params.description === 'string') params.description = ksesPost(params.description);
    const cancelled = group.overrides.filter((o) => o.cancelled).map((o) => this.slot(o, params));
    const recurrence = params.recurrence as { exdate: string[] } | undefined;
    if (recurrence && cancelled.length) params.recurrence = { ...recurrence, exdate: [...new Set([...recurrence.exdate, ...cancelled])] };
    return params;
  }

  /** The start a RECURRENCE-ID names, as a wall time in the series' zone (or its day). */
  private slot(override: ImportedEvent, master: Record<string, unknown>): string {
    const id = override.recurrenceId!;
    if ('day' in id) return id.day;
    const wall = formatWall(instantToWall(zoneOrFallback(String(master.timezone ?? 'UTC')), id.instantMs));
    return master.all_day === true ? wall.slice(0, 10) : wall;
  }

  private async create(params: Record<string, unknown>, event: ImportedEvent, caller: Caller, origin: string): Promise<number> {
    return Number((await this.events.create({ caller, origin, credentials: {} }, await this.createArgs(params, event))).id);
  }

  /** `POST /events`' own validation of the parameters (a failure names the line at fault). */
  async createArgs(params: Record<string, unknown>, event: ImportedEvent): Promise<EventCreateArgs> {
    return (await this.validated(EventCreateArgs, params, event)) as EventCreateArgs;
  }

  private async update(id: number, params: Record<string, unknown>, event: ImportedEvent, caller: Caller, origin: string): Promise<number> {
    // The whole series from its first event (the default there); a single event ignores the scope.
    const raw = { ...params, scope: 'all' };
    const args = (await this.validated(EventUpdateArgs, raw, event)) as EventUpdateArgs;
    await this.events.update({ caller, origin, credentials: {} }, { id }, args);
    return id;
  }

  private async validated(dto: typeof EventCreateArgs | typeof EventUpdateArgs, params: Record<string, unknown>, event: ImportedEvent): Promise<unknown> {
    try {
      return await validation.transform(params, { type: 'custom', metatype: dto, data: undefined });
    } catch (error) {
      if (error instanceof RestError) throw new GroupFailure(failureLine(error, event), restReason(error));
      throw error;
    }
  }

  /** Event Aggregator's keys (`Records::add_record_to_event`, `_uid`), so the plugin's own importer finds the event too. */
  private async remember(id: number, group: EventGroup, origin: ImportOrigin, hash: string): Promise<void> {
    for (const [key, value] of rememberedMeta(group, origin, hash)) await this.posts.setMeta(id, key, value);
  }

  /**
   * Each changed occurrence written over the occurrence its RECURRENCE-ID names (kept as an exception
   * of the series). One the series does not have is reported, the series kept.
   */
  private async applyOverrides(headId: number, group: EventGroup, caller: Caller, requestOrigin: string) {
    const missing: { line: number; reason: string }[] = [];
    const master = group.master.params;
    for (const override of group.overrides.filter((o) => !o.cancelled)) {
      const slot = this.slot(override, master);
      const id = master.recurrence ? await this.imported.occurrence(headId, slot) : undefined;
      // The first event holds the rule: a change written there would be the whole series'.
      if (id === undefined || id === headId) {
        const why = id === headId ? 'changes the first occurrence, which holds the series: not imported.' : 'is not an occurrence of the series.';
        missing.push({ line: override.line, reason: `RECURRENCE-ID ${slot} ${why}` });
        continue;
      }
      const { recurrence: _none, ...own } = override.params;
      const params: Record<string, unknown> = { ...own };
      if (typeof params.description === 'string') params.description = ksesPost(params.description);
      const args = (await this.validated(EventUpdateArgs, params, override)) as EventUpdateArgs;
      await this.events.update({ caller, origin: requestOrigin, credentials: {} }, { id }, args).catch((error: unknown) => {
        // The whole group is rolled back; the failure names the changed occurrence's line.
        throw error instanceof RestError ? new GroupFailure(failureLine(error, override), restReason(error)) : error;
      });
    }
    return missing;
  }

  private restFailure(error: RestError, event: ImportedEvent, title: string, uid: string): ReportItem {
    return { action: 'failed', line: failureLine(error, event), uid, event_id: null, title, reason: restReason(error) };
  }
}

/**
 * Event Aggregator's keys and the service's own (`Records::add_record_to_event`, `_uid`), in the order
 * they are set on an imported event; `_EventOrigin` replaces the value EventWriter gave it.
 */
export function rememberedMeta(group: EventGroup, origin: ImportOrigin, hash: string): [string, string][] {
  return [
    [UID_META_KEY, group.uid],
    [EVENT_ORIGIN_META_KEY, EVENT_AGGREGATOR_ORIGIN],
    ['_tribe_aggregator_origin', origin.origin],
    ['_tribe_aggregator_source', origin.source],
    ['_tribe_aggregator_updated', formatWall(instantToWall(zoneOrFallback('UTC'), Date.now()))],
    [HASH_META_KEY, hash],
    [SEQUENCE_META_KEY, String(group.master.sequence)],
  ];
}

/** The source line of the first parameter a refusal names, else the event's. */
function failureLine(error: RestError, event: ImportedEvent): number {
  const params = (error.extra as { params?: Record<string, string> } | null)?.params ?? {};
  for (const name of Object.keys(params)) if (event.paramLines[name] !== undefined) return event.paramLines[name];
  return event.line;
}

/** What the group would be written from: equal hashes mean nothing to write. */
function contentHash(params: Record<string, unknown>, group: EventGroup): string {
  const content = JSON.stringify([params, group.master.cancelled, group.overrides.map((o) => [o.recurrenceId, o.params, o.cancelled])]);
  return createHash('sha1').update(content).digest('hex');
}
