/**
 * The month view (`/events/month/?month=YYYY-MM`, the plugin's default view): a table of the weeks
 * that hold the month, starting on the site's `start_of_week`, each day listing the events that start
 * on it (in their own zone's dates, as TEC's month view), today marked, links to the months around.
 */
import { esc } from './html';
import { icalUrl, name, withParam } from './parts';
import { timeOf } from './event-when';

type Json = Record<string, unknown>;

export interface CalendarMonth {
  year: number;
  month: number;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1000, 0, 1);
const LAST_DAY = Date.UTC(9999, 11, 31);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TITLE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `YYYY-MM` of a month (years 1000–9999, the dates every stored event lies in). */
export const monthParam = (m: CalendarMonth) => `${m.year}-${pad(m.month)}`;

/** `April 2027`. */
export const monthTitle = (m: CalendarMonth) => TITLE.format(Date.UTC(m.year, m.month - 1, 1));

/** The month `?month=` names; undefined when it is not a month of the years 1000–9999. */
export function readMonth(value: string): CalendarMonth | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m || Number(m[1]) < 1000 || Number(m[2]) < 1 || Number(m[2]) > 12) return undefined;
  return { year: Number(m[1]), month: Number(m[2]) };
}

/** The first and last day of the month, `YYYY-MM-DD`. */
export function monthDays(m: CalendarMonth): { first: string; last: string } {
  return { first: `${monthParam(m)}-01`, last: isoDay(Date.UTC(m.year, m.month, 0)) };
}

/** The month `delta` months away; undefined outside the years 1000–9999. */
function shifted(m: CalendarMonth, delta: number): CalendarMonth | undefined {
  const index = m.year * 12 + m.month - 1 + delta;
  const year = Math.floor(index / 12);
  return year >= 1000 && year <= 9999 ? { year, month: (index % 12) + 1 } : undefined;
}

/** The days (`YYYY-MM-DD`) of the grid, whole weeks from `startOfWeek` around the month, and its first and last. */
export function gridDays(m: CalendarMonth, startOfWeek: number): { first: string; last: string; days: string[] } {
  const monthStart = Date.UTC(m.year, m.month - 1, 1);
  const monthEnd = Date.UTC(m.year, m.month, 0);
  const first = monthStart - ((new Date(monthStart).getUTCDay() - startOfWeek + 7) % 7) * DAY_MS;
  const last = monthEnd + ((startOfWeek + 6 - new Date(monthEnd).getUTCDay()) % 7) * DAY_MS;
  // Days outside the years 1000–9999 (around January 1000 and December 9999) are blank cells ('').
  const days: string[] = [];
  for (let day = first; day <= last; day += DAY_MS) days.push(day >= FIRST_DAY && day <= LAST_DAY ? isoDay(day) : '');
  const real = days.filter(Boolean);
  return { first: real[0], last: real[real.length - 1], days };
}

function dayCell(day: string, m: CalendarMonth, today: string, events: Json[]): string {
  if (!day) return '<td class="other-month"></td>';
  const inMonth = day.startsWith(monthParam(m));
  const classes = [inMonth ? '' : 'other-month', day === today ? 'today' : ''].filter(Boolean).join(' ');
  const label = LONG_DAY.format(Date.parse(`${day}T00:00:00Z`));
  const items = events.map((event) => {
    const when = event.all_day === true ? 'All day' : timeOf(String(event.start_date));
    return `<li><a href="${esc(event.url)}">${esc(name(event.title))}</a> <span class="muted">${esc(when)}</span></li>`;
  });
  return (
    `<td${classes ? ` class="${classes}"` : ''}${day === today ? ' aria-current="date"' : ''}>` +
    `<time class="day" datetime="${day}" aria-label="${esc(label)}${day === today ? ' (today)' : ''}">${Number(day.slice(8))}</time>` +
    (items.length ? `<ul>${items.join('')}</ul>` : '') +
    `</td>`
  );
}

export interface MonthGridOptions {
  month: CalendarMonth;
  /** The month view's own address (without `?month`). */
  viewUrl: string;
  restUrl: string;
  today: string;
  startOfWeek: number;
  events: Json[];
}

export function monthMain(options: MonthGridOptions): string {
  const { month, viewUrl, today, startOfWeek } = options;
  const { days } = gridDays(month, startOfWeek);
  const byDay = new Map<string, Json[]>();
  for (const event of options.events) {
    const day = String(event.start_date ?? '').slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  const title = monthTitle(month);
  const link = (m: CalendarMonth | undefined, rel: string, text: (t: string) => string) =>
    m ? `<a rel="${rel}" href="${esc(withParam(viewUrl, 'month', monthParam(m)))}">${esc(text(monthTitle(m)))}</a>` : '';
  const nav =
    `<nav class="months" aria-label="Months">${link(shifted(month, -1), 'prev', (t) => `← ${t}`)}` +
    `<a href="${esc(viewUrl)}">This month</a>${link(shifted(month, 1), 'next', (t) => `${t} →`)}</nav>`;
  const columns = Array.from({ length: 7 }, (_, i) => WEEKDAYS[(startOfWeek + i) % 7]);
  const head = `<thead><tr>${columns.map((d) => `<th scope="col"><abbr title="${d}">${d.slice(0, 3)}</abbr></th>`).join('')}</tr></thead>`;
  const weeks: string[] = [];
  for (let i = 0; i < days.length; i += 7) {
    weeks.push(
      `<tr>${days
        .slice(i, i + 7)
        .map((day) => dayCell(day, month, today, byDay.get(day) ?? []))
        .join('')}</tr>`,
    );
  }
  const pageUrl = withParam(viewUrl, 'month', monthParam(month));
  return (
    `<h1>Events in ${esc(title)}</h1>${nav}` +
    `<table class="month"><caption class="muted">${esc(title)}</caption>${head}<tbody>${weeks.join('')}</tbody></table>` +
    (options.events.length ? '' : `<p>There are no events in ${esc(title)}.</p>`) +
    `<p class="actions"><a href="${esc(icalUrl(pageUrl))}" type="text/calendar">This month as an iCalendar file</a>` +
    `<a href="${esc(options.restUrl)}" type="application/json">These events in the REST API (JSON)</a></p>`
  );
}
