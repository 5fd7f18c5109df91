import { Injectable } from '@nestjs/common';
import { siteTimezone } from '../../dates';
import { OptionsStore } from '../../wordpress/options.store';
import { sharedUnserialize } from '../../wordpress/php-serialization';

/** One Events Calendar Pro additional field definition (`tribe_events_calendar_options['custom-fields']`). */
export interface CustomFieldDefinition {
  name: string;
  label: string;
}

/** The site settings an event read depends on (storage.md §13), read once per request. */
export interface EventSiteSettings {
  /** Site zone string (formats.md §1.2). */
  timezone: string;
  multiDayCutoff?: string;
  timezoneMode?: string;
  defaultCurrencySymbol?: string;
  defaultCurrencyCode: string;
  reverseCurrencyPosition?: boolean | string;
  customFields: CustomFieldDefinition[];
}

function stringOption(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function customFieldDefinitions(value: unknown): CustomFieldDefinition[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  return list
    .filter((f): f is Record<string, unknown> => !!f && typeof f === 'object' && typeof (f as Record<string, unknown>).name === 'string')
    .map((f) => ({ name: f.name as string, label: stringOption(f.label) ?? '' }));
}

/** Builds the settings from the raw option values (pure, for tests). */
export function eventSiteSettings(raw: ReadonlyMap<string, string>): EventSiteSettings {
  const parsed = sharedUnserialize(raw.get('tribe_events_calendar_options'));
  const tribe = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const reverse = tribe.reverseCurrencyPosition;
  return {
    timezone: siteTimezone({ timezone_string: raw.get('timezone_string'), gmt_offset: raw.get('gmt_offset') }),
    multiDayCutoff: stringOption(tribe.multiDayCutoff),
    timezoneMode: stringOption(tribe.tribe_events_timezone_mode),
    defaultCurrencySymbol: stringOption(tribe.defaultCurrencySymbol),
    defaultCurrencyCode: stringOption(tribe.defaultCurrencyCode) || 'USD',
    reverseCurrencyPosition: typeof reverse === 'boolean' ? reverse : stringOption(reverse),
    customFields: customFieldDefinitions(tribe['custom-fields']),
  };
}

const NAMES = ['tribe_events_calendar_options', 'timezone_string', 'gmt_offset'];

@Injectable()
export class EventSettingsReader {
  /** The settings last built, by the raw values they were built from: unserialized once, not per request. */
  private last?: { raw: (string | undefined)[]; settings: EventSiteSettings };

  constructor(private readonly options: OptionsStore) {}

  async read(): Promise<EventSiteSettings> {
    const raw = await this.options.getRaw(NAMES);
    const values = NAMES.map((name) => raw.get(name));
    if (this.last && this.last.raw.every((value, i) => value === values[i])) return this.last.settings;
    const settings = eventSiteSettings(raw);
    this.last = { raw: values, settings };
    return settings;
  }
}
