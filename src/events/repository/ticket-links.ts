import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { Fragment } from '../../database/list-query';
import { placeholders, Sql } from '../../database/sql';

/**
 * Event Tickets' tickets, as it stores them: each ticket is a post of its provider's type, linked to
 * its event by one meta row whose value is the event ID (event-tickets `Tribe__Tickets__RSVP`
 * `$ticket_object`/`$event_key`, `TEC\Tickets\Commerce\Ticket::POSTTYPE` and `$event_relation_meta_key`,
 * `Tribe__Tickets__Commerce__PayPal__Main`; the same pairs as `Ticket_To_Post_Relationship_Keys`).
 */
export const TICKET_LINKS: readonly { postType: string; eventKey: string }[] = [
  { postType: 'tribe_rsvp_tickets', eventKey: '_tribe_rsvp_for_event' },
  { postType: 'tec_tc_ticket', eventKey: '_tec_tickets_commerce_event' },
  { postType: 'tribe_tpp_tickets', eventKey: '_tribe_tpp_for_event' },
];

const TICKET_TYPES = TICKET_LINKS.map((l) => l.postType);
const EVENT_KEYS = TICKET_LINKS.map((l) => l.eventKey);

/**
 * "The event `alias` has a ticket": a non-trashed ticket post of a provider linked to it by that
 * provider's key (`_tec_tickets_commerce_event` also links Commerce attendees, hence the post type).
 * Read through the service's `eca_meta_key_value` index: (key, event ID as text) for each key.
 * Event Tickets' own `has_rsvp_or_tickets` filter counts the link rows alone; a trashed ticket is
 * no ticket here (docs/decisions.md).
 */
export function hasTicketCondition(sql: Sql, alias: string): Fragment {
  const idText = `CAST(${alias}.ID AS ${sql.isMysql ? 'CHAR' : 'TEXT'})`;
  const pairs = TICKET_LINKS.map(() => '(tm.meta_key = ? AND tp.post_type = ?)').join(' OR ');
  return {
    text: `EXISTS (SELECT 1 FROM ${sql.table('postmeta')} tm JOIN ${sql.table('posts')} tp ON tp.ID = tm.post_id
      WHERE tm.meta_key IN (${placeholders(EVENT_KEYS)}) AND tm.meta_value = ${idText} AND tp.post_status <> 'trash' AND (${pairs}))`,
    params: [...EVENT_KEYS, ...TICKET_LINKS.flatMap((l) => [l.eventKey, l.postType])],
  };
}

@Injectable()
export class TicketData {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Whether the database holds any Event Tickets ticket (of any status): one probe of WordPress's
   * `type_status_date` index per request that filters by `ticketed`, whatever the table size.
   */
  async present(): Promise<boolean> {
    const sql = this.db.sql;
    const row = await sql.one(`SELECT 1 AS found FROM ${sql.table('posts')} WHERE post_type IN (${placeholders(TICKET_TYPES)}) LIMIT 1`, TICKET_TYPES);
    return row !== undefined;
  }
}
