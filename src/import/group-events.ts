import { ImportedEvent } from './imported-event';
import { EventGroup } from './event-importer';

/**
 * The file's events by UID: each event with the changed occurrences (RECURRENCE-ID) that share its
 * UID. A changed occurrence whose series is not in the file is an event of its own, its UID made
 * unique by the start it replaces. A UID given twice keeps its first VEVENT (later ones are reported).
 */
export function groupEvents(events: readonly ImportedEvent[]): { groups: EventGroup[]; duplicates: ImportedEvent[] } {
  const masters = new Map<string, EventGroup>();
  const duplicates: ImportedEvent[] = [];
  for (const event of events) {
    if (event.recurrenceId) continue;
    if (masters.has(event.uid)) duplicates.push(event);
    else masters.set(event.uid, { uid: event.uid, master: event, overrides: [] });
  }
  const orphans: EventGroup[] = [];
  for (const event of events) {
    if (!event.recurrenceId) continue;
    const group = masters.get(event.uid);
    if (group) group.overrides.push(event);
    else {
      const id = event.recurrenceId;
      const uid = `${event.uid}#${'day' in id ? id.day : new Date(id.instantMs).toISOString()}`;
      orphans.push({ uid, master: { ...event, uid, recurrenceId: undefined }, overrides: [] });
    }
  }
  return { groups: [...masters.values(), ...orphans], duplicates };
}
