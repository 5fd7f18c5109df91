/** bench/ical-file.mjs: the generated iCalendar file of the import's bench row and tests. */
export function benchCalendar(count: number): string;
