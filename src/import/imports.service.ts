import type { RequestContext } from '../rest/request-context';
import { Injectable } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { requireCapabilities } from '../auth/permissions';
import { AppConfig } from '../config/app-config';
import { zoneOrFallback } from '../dates';
import { RestError } from '../reasons/rest-error';
import { SiteClockService } from '../wordpress/site-clock';
import { BatchImporter } from './batch-importer';
import { EventGroup, EventImporter, ImportOrigin } from './event-importer';
import { groupEvents } from './group-events';
import { decodeText } from './source/decode-text';
import { MalformedFile } from './malformed-file';
import { readCalendar } from './ical/read-calendar';
import { csvEvents } from './csv/read-csv';
import { readCsvTable } from './csv/csv-table';
import { LinkedImporter } from './linked-importer';
import { ReadResult } from './imported-event';
import { countItems, ImportReport, ReportItem } from './import-report';
import { IMPORT_CAPABILITY } from './imports.resource';
import { ImportCreateArgs, ImportListArgs } from './imports.args';
import { ImportsRepository } from './repository/imports.repository';
import { charsetOf, UploadedFile } from './source/request-source';
import { checkUrlParam, fetchCalendar, UrlRefused } from './source/url-source';

/** Told after each event written: how many of how many are done (the CLI's progress bar). */
export type ImportProgress = (done: number, total: number) => void;

const iso = (ms: number) => new Date(ms).toISOString();

/** Reads the file; one that is not of its format is a 400 naming the line. */
async function refusingMalformed<T>(format: 'ical' | 'csv', read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof MalformedFile)) throw error;
    const what = format === 'csv' ? 'a CSV file of events, venues or organizers' : 'an iCalendar file';
    throw new RestError('eca_import_malformed', `The file is not ${what}. Line ${error.line}: ${error.reason}`, 400, { line: error.line });
  }
}

/** The format of a file the request does not name: iCalendar when it starts as one, CSV by its type or name, else iCalendar (refused with its line). */
function formatOf(text: string, contentType: string, name: string): 'ical' | 'csv' {
  if (/^\s*BEGIN:VCALENDAR/i.test(text)) return 'ical';
  return /csv/i.test(contentType) || /\.csv$/i.test(name) ? 'csv' : 'ical';
}

/** The report as the API shows it. */
export function presentImport(report: ImportReport) {
  return {
    id: report.id,
    status: report.status,
    format: report.format,
    source_kind: report.source.kind,
    source: report.source.name,
    author: report.createdBy,
    counts: report.counts,
    error: report.error,
    started_at: iso(report.startedAt),
    finished_at: iso(report.finishedAt),
    ...(report.items ? { items: report.items } : {}),
  };
}

/**
 * `/eca/v1/imports`: the capability check first, then the file read (bounded), parsed, and written:
 * new events and series in batches (BatchImporter), events imported before one by one (EventImporter:
 * one transaction per event or series); the report is stored and answered.
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly importer: EventImporter,
    private readonly batches: BatchImporter,
    private readonly linked: LinkedImporter,
    private readonly reports: ImportsRepository,
    private readonly clocks: SiteClockService,
    private readonly config: AppConfig,
  ) {}

  async create(ctx: RequestContext, args: ImportCreateArgs, upload?: UploadedFile, progress?: ImportProgress) {
    const { caller, origin } = ctx;
    if (args.url !== undefined && !upload) this.checkUrl(args.url);
    requireCapabilities(caller, IMPORT_CAPABILITY);
    if (!upload && args.url === undefined) {
      throw new RestError('eca_import_no_file', 'Send the calendar as the request body (text/calendar), as a multipart file, or name its url.', 400);
    }
    const startedAt = Date.now();
    const source = upload ? { kind: upload.kind, name: upload.name } : { kind: 'url' as const, name: args.url! };
    const file = upload ? { bytes: await upload.read(), contentType: upload.contentType } : await this.fetch(args.url!);
    const text = decodeText(file.bytes, charsetOf(file.contentType));
    const format = args.format ?? formatOf(text, file.contentType, source.name);
    const read = await refusingMalformed(format, async () =>
      format === 'csv' ? readCsvTable(text, args.mapping) : readCalendar(text, zoneOrFallback((await this.clocks.clock()).timezone)),
    );
    const items =
      'kind' in read && read.kind !== 'events'
        ? await this.linked.write(read.kind, read.rows, caller, origin, (done) => progress?.(done, read.rows.length))
        : await this.events('kind' in read ? csvEvents(read.rows) : read, caller, origin, progress, {
            origin: format === 'csv' ? 'csv' : source.kind === 'url' ? 'ical' : 'ics',
            source: source.name,
            status: args.status,
          });
    items.sort((a, b) => a.line - b.line);
    const report: Omit<ImportReport, 'id'> = {
      createdBy: caller.id,
      source,
      format,
      status: 'completed',
      counts: countItems(items),
      error: null,
      items,
      startedAt,
      finishedAt: Date.now(),
    };
    return presentImport({ ...report, id: await this.reports.insert(report) });
  }

  /** The events read from a file, one group (an event or a series) at a time; the failures of the reading first. */
  private async events(
    read: ReadResult,
    caller: Caller,
    origin: string,
    progress: ImportProgress | undefined,
    importOrigin: ImportOrigin,
  ): Promise<ReportItem[]> {
    const failed = (line: number, uid: string | null, title: string | null, reason: string): ReportItem => ({
      action: 'failed',
      line,
      uid,
      event_id: null,
      title,
      reason,
    });
    const items = read.failures.map((f) => failed(f.line, f.uid ?? null, null, f.reason));
    const { groups, duplicates } = groupEvents(read.events);
    for (const d of duplicates) items.push(failed(d.line, d.uid, String(d.params.title ?? ''), 'Another VEVENT of the file has this UID.'));
    const existing = await this.importer.existing(groups.map((g) => g.uid));
    let done = 0;
    const tick = () => progress?.(++done, groups.length);
    // Events imported before: compared, updated or left alone one by one; new ones: the batches.
    for (const group of groups.filter((g) => existing.has(g.uid))) {
      items.push(...(await this.importer.write(group, existing.get(group.uid), importOrigin, caller, origin)));
      tick();
    }
    const alone = (group: EventGroup) => this.importer.write(group, undefined, importOrigin, caller, origin);
    items.push(
      ...(await this.batches.create(
        groups.filter((g) => !existing.has(g.uid)),
        importOrigin,
        caller,
        origin,
        alone,
        tick,
      )),
    );
    return items;
  }

  async list(ctx: RequestContext, args: ImportListArgs) {
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    const rows = await this.reports.list(args.before, args.per_page);
    return { imports: rows.map(presentImport), next_before: rows.length === args.per_page ? rows[rows.length - 1].id : null };
  }

  async get(ctx: RequestContext, id: number) {
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    const report = await this.reports.byId(id);
    if (!report) throw new RestError('eca_import_not_found', 'No import has this ID.', 404);
    return presentImport(report);
  }

  private checkUrl(url: string): void {
    checkUrlParam(url, this.config.webhooks.allowPrivateTargets);
  }

  private async fetch(url: string) {
    try {
      return await fetchCalendar(url, this.config.webhooks.allowPrivateTargets);
    } catch (error) {
      if (error instanceof UrlRefused) throw new RestError('eca_import_url_failed', error.message, 400, { url });
      throw error;
    }
  }
}
