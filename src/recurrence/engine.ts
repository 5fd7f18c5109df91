/**
 * Expansion by the `rrule` library in floating wall time: the rule runs on the event's wall clock
 * (so 10:00 stays 10:00 across DST, as RFC 5545 expands local times), and src/dates turns each
 * wall time into UTC exactly as it does for every stored event date.
 */
import { rrulestr } from 'rrule';
import { compactWall, wallOfFloating } from './walls';

/**
 * The rule's start wall times (`YYYY-MM-DD HH:MM:SS`) from `start`, no later than `lastWall` when
 * given, at most `cap` of them. UNTIL is applied by the caller as an instant; COUNT stays in `parts`.
 */
export function ruleStarts(parts: Map<string, string>, start: string, lastWall: string | null, cap: number): string[] {
  const rule = [...parts].filter(([name]) => name !== 'UNTIL').map(([name, value]) => `${name}=${value}`);
  if (lastWall !== null) rule.push(`UNTIL=${compactWall(lastWall)}`);
  const set = rrulestr(`DTSTART:${compactWall(start)}\nRRULE:${rule.join(';')}`);
  return set.all((_, index) => index < cap).map(wallOfFloating);
}
