import { Injectable } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { DatabaseService } from '../database/database.service';
import { RestError } from '../reasons/rest-error';
import { AttachmentsStore } from '../wordpress/attachments';
import { ExternalImage, externalImage } from '../wordpress/external-image';
import { DateInputError, parseDateInput, preparePublicationDates, PublicationInput, UTC_ZONE, zoneOrFallback } from '../dates';
import { SiteClock } from '../wordpress/site-clock';
import { UsersStore } from '../wordpress/users.store';
import { shownValue } from '../reasons/shown-value';
import { LinkedInput } from './linked-post-type';

/** A write's parameters after the checks that need the database. */
export interface ResolvedInput {
  /** The validated parameters (null/undefined = not supplied). */
  args: LinkedInput;
  author?: number;
  /** The supplied `date` / `date_utc` (known to parse). */
  dates: PublicationInput;
  /**
   * Attachment to set, an image URL to create one for (docs/trash-and-images.md), null to remove the image,
   * undefined to leave it.
   */
  image?: number | ExternalImage | null;
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

  async resolve(args: LinkedInput, caller: Caller, clock: SiteClock, requestOrigin: string): Promise<ResolvedInput> {
    const invalid: Record<string, string> = {};
    const resolved: ResolvedInput = { args, dates: {} };
    const now = clock.now().ms;

    if (supplied(args, 'author')) {
      const author = Number(args.author);
      if (author > 0 && (await this.users.findById(author))) resolved.author = author;
      else invalid.author = `author: no user has the ID ${shownValue(args.author)}.`;
    }
    // `date` is read in the site time zone (Q52 DEVIATE), `date_utc` as UTC.
    for (const [name, zone] of [
      ['date', zoneOrFallback(clock.timezone)],
      ['date_utc', UTC_ZONE],
    ] as const) {
      if (!supplied(args, name)) continue;
      const value = args[name] as string;
      if (parseDateInput(value, zone, now)) resolved.dates[name] = value;
      else invalid[name] = DateInputError.notADate(name, value).reason;
    }
    // A date that parses may still fall outside DATETIME's range once written in the other column's zone.
    if (!invalid.date && !invalid.date_utc) {
      try {
        preparePublicationDates(resolved.dates, { siteTimezone: clock.timezone, now, status: 'publish' });
      } catch (error) {
        if (!(error instanceof DateInputError)) throw error;
        invalid[error.param] = error.reason;
      }
    }
    if (supplied(args, 'image')) {
      const image = await this.image(String(args.image).trim(), caller, requestOrigin);
      if (typeof image === 'string') invalid.image = image;
      else resolved.image = image;
    }
    if (Object.keys(invalid).length) throw RestError.invalidParams(invalid);
    return resolved;
  }

  /**
   * formats.md §3.1: empty / `0` removes; an ID must be an image attachment; a URL needs
   * `upload_files` and reuses the image attachment that already holds it, else names an external
   * image the write records (docs/decisions.md: nothing is downloaded). A string: why it is refused.
   */
  private async image(value: string, caller: Caller, requestOrigin: string): Promise<number | ExternalImage | null | string> {
    if (value === '' || value === '0' || value === 'false') return null;
    if (/^\d+$/.test(value)) return (await this.attachments.isImage(Number(value))) ? Number(value) : `attachment ${value} is not an image`;
    if (!caller.capabilities.has('upload_files')) return 'setting an image by URL needs the upload_files capability';
    const existing = await this.attachments.findImageByUrl(value, requestOrigin);
    if (existing !== undefined) return existing;
    const external = externalImage(value);
    return 'problem' in external ? external.problem : external;
  }
}
