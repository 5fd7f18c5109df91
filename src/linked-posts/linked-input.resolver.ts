import { Injectable } from '@nestjs/common';
import { Caller } from '../auth/caller';
import { DatabaseService } from '../database/database.service';
import { Sql } from '../database/sql';
import { RestError } from '../rest/rest-error';
import { AttachmentsStore } from '../wordpress/attachments';
import { parseDateInput, PublicationInput, UTC_ZONE, zoneOrFallback } from '../events/dates';
import { SiteClock } from '../wordpress/site-clock';
import { UsersStore } from '../wordpress/users.store';
import { LinkedInput } from './linked-post-type';

/** A write's parameters after the checks that need the database. */
export interface ResolvedInput {
  /** The validated parameters (null/undefined = not supplied). */
  args: LinkedInput;
  author?: number;
  /** The supplied `date` / `date_utc` (known to parse). */
  dates: PublicationInput;
  /** Attachment to set, null to remove the image, undefined to leave it. */
  image?: number | null;
}

export function supplied(args: LinkedInput, name: string): boolean {
  return args[name] !== undefined && args[name] !== null;
}

/**
 * Checks of write parameters against the database (existing author, image attachment) and parsing of
 * the publication dates. All failures are reported together as `rest_invalid_param`; they come before
 * the permission check, as in WordPress.
 */
@Injectable()
export class LinkedInputResolver {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersStore,
    private readonly attachments: AttachmentsStore,
  ) {}

  async resolve(args: LinkedInput, caller: Caller, clock: SiteClock, requestOrigin: string, sql: Sql = this.db.sql): Promise<ResolvedInput> {
    const invalid: Record<string, string> = {};
    const resolved: ResolvedInput = { args, dates: {} };
    const now = clock.now().ms;

    if (supplied(args, 'author')) {
      const author = Number(args.author);
      if (author > 0 && (await this.users.findById(author, sql))) resolved.author = author;
      else invalid.author = 'Invalid parameter.';
    }
    // `date` is read in the site time zone (Q52 DEVIATE), `date_utc` as UTC.
    for (const [name, zone] of [
      ['date', zoneOrFallback(clock.timezone)],
      ['date_utc', UTC_ZONE],
    ] as const) {
      if (!supplied(args, name)) continue;
      const value = args[name] as string;
      if (parseDateInput(value, zone, now)) resolved.dates[name] = value;
      else invalid[name] = 'Invalid parameter.';
    }
    if (supplied(args, 'image')) {
      const image = await this.image(String(args.image).trim(), caller, requestOrigin, sql);
      if (image === false) invalid.image = 'Invalid parameter.';
      else resolved.image = image;
    }
    if (Object.keys(invalid).length) throw RestError.invalidParams(invalid);
    return resolved;
  }

  /**
   * formats.md §3.1: empty / `0` removes; an ID must be an image attachment; a URL needs
   * `upload_files` and must name an existing attachment (remote images are not downloaded).
   */
  private async image(value: string, caller: Caller, requestOrigin: string, sql: Sql): Promise<number | null | false> {
    if (value === '' || value === '0' || value === 'false') return null;
    if (/^\d+$/.test(value)) return (await this.attachments.isImage(Number(value), sql)) ? Number(value) : false;
    if (!caller.capabilities.has('upload_files')) return false;
    return (await this.attachments.findImageByUrl(value, requestOrigin, sql)) ?? false;
  }
}
