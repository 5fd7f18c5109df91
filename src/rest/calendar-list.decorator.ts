import { SetMetadata } from '@nestjs/common';

const CALENDAR_LIST = 'rest:calendar-list';

/**
 * Marks a list handler whose page may also be answered as iCalendar when `Accept` asks for it
 * (`representationOf`): the surface that renders calendars (src/site/event-list-calendar.interceptor.ts)
 * reads the mark off the route, so neither the resource imports the surface nor the surface the resource.
 */
export const CalendarList = (): MethodDecorator => SetMetadata(CALENDAR_LIST, true);

/** Whether the handler carries `@CalendarList()`. */
export function isCalendarList(handler: object): boolean {
  return Reflect.getMetadata(CALENDAR_LIST, handler) === true;
}
