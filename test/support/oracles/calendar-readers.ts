/**
 * Readers of series nobody here wrote (issue #30), for the interop tests: python-dateutil's rrulestr
 * and python-icalendar + recurring-ical-events (through read_calendars.py), and the khal calendar
 * client importing the feeds into a calendar of its own (a temporary config and directory). They run
 * on Debian's /usr/bin/python3 and /usr/bin/khal (`.ci/run` installs them); a missing one fails the
 * test that needs it rather than skipping it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PYTHON = '/usr/bin/python3';
const KHAL = '/usr/bin/khal';
const SCRIPT = join(__dirname, 'read_calendars.py');

/** One occurrence: UTC instants (`2027-03-14T07:30:00Z`) of a timed event, or dates (end exclusive) of an all-day one. */
export type Span = [start: string, end: string];

/** A series as the API was asked to store it: its first event's wall times and the rule. */
export interface RuleCase {
  key: string;
  zone: string;
  start: string;
  end: string;
  allDay: boolean;
  rrule: string;
  exdate?: string[];
  rdate?: string[];
  /** The last UTC instant to list (`2029-01-01T00:00:00`): an endless rule's horizon. */
  until?: string;
}

function run(file: string, args: string[], input?: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: install python3-dateutil python3-icalendar python3-recurring-ical-events khal (.ci/run does)`);
  return execFileSync(file, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
}

/** Each rule expanded by python-dateutil in its zone. */
export function dateutilSpans(cases: RuleCase[]): Record<string, Span[]> {
  return JSON.parse(run(PYTHON, [SCRIPT, 'rules'], JSON.stringify(cases))) as Record<string, Span[]>;
}

/** Each feed expanded by recurring-ical-events: per UID, the occurrences with their SUMMARY. */
export function icalendarSpans(feeds: Record<string, string>): Record<string, Record<string, [string, string, string][]>> {
  return JSON.parse(run(PYTHON, [SCRIPT, 'feeds'], JSON.stringify(feeds))) as Record<string, Record<string, [string, string, string][]>>;
}

/**
 * Each feed imported by khal into a calendar of its own (`khal import --batch`), then everything khal
 * lists from `from` to `to` (`YYYY-MM-DD`), per feed and UID. Times are UTC (khal's local zone is set
 * to UTC); an all-day event's end is made exclusive, like DTEND.
 */
export function khalSpans(feeds: Record<string, string>, from: string, to: string): Record<string, Record<string, Span[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'khal-'));
  try {
    const sections = Object.keys(feeds).map((key) => {
      mkdirSync(join(dir, key));
      return `[[${key}]]\npath = ${join(dir, key)}\n`;
    });
    const config = join(dir, 'khal.conf');
    writeFileSync(
      config,
      `[calendars]\n${sections.join('')}[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\n` +
        `datetimeformat = %Y-%m-%dT%H:%M:%SZ\nlongdatetimeformat = %Y-%m-%dT%H:%M:%SZ\nlocal_timezone = UTC\ndefault_timezone = UTC\n` +
        `[sqlite]\npath = ${join(dir, 'khal.db')}\n`,
    );
    for (const [key, text] of Object.entries(feeds)) {
      const file = join(dir, `${key}.ics`);
      writeFileSync(file, text);
      run(KHAL, ['-c', config, 'import', '--batch', '-a', key, file]);
    }
    const listed = run(KHAL, ['-c', config, 'list', '--day-format', '', '--format', '{calendar}|{uid}|{start}|{end}|{all-day}', from, to]);
    const found: Record<string, Record<string, Set<string>>> = {};
    for (const line of listed.split('\n').filter((l) => l.includes('|'))) {
      const [calendar, uid, start, end, allDay] = line.split('|');
      const exclusive = allDay === 'True' ? new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : end;
      // khal lists an event on each day it spans: one entry per occurrence.
      ((found[calendar] ??= {})[uid] ??= new Set()).add(`${start}|${exclusive}`);
    }
    return Object.fromEntries(
      Object.entries(found).map(([calendar, uids]) => [
        calendar,
        Object.fromEntries(Object.entries(uids).map(([uid, spans]) => [uid, [...spans].sort().map((s) => s.split('|') as Span)])),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
