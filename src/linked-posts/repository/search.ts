import { placeholders, Sql, SqlParam } from '../../database/sql';
import { foldForSearch, SEARCH_FOLD_FUNCTION } from '../../database/sqlite-functions';

/**
 * Venue/organizer list search (lists-and-filters.md §3.2, tribe-common `Duplicate/Strategy/Like`): the
 * string is cut at every character that is not a letter, digit or `-`; a record matches when one of
 * its fields contains every fragment.
 */
export function searchFragments(search: string): string[] {
  return search.split(/[^\p{L}\p{N}-]+/u).filter((f) => f !== '');
}

/** `LIKE` pattern of "contains `text`", `!` escaping (fragments hold no wildcard, but a pattern never trusts that). */
function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, '!$&')}%`;
}

/**
 * The search as a condition on the listed post `p`: one searched field — title, content, excerpt or one
 * meta row of `searchKeys` — holds every fragment, ignoring case and accents. MySQL's LIKE does that
 * under `utf8mb4_unicode_520_ci`; SQLite compares texts folded by the same rule (sqlite-functions.ts).
 * Of a protected record the caller has not unlocked (`unlocked`: password-access.ts) only the title is
 * searched, its other fields being blanked for this caller (auth-and-permissions.md §4.4, issue #13).
 */
export function searchCondition(
  sql: Sql,
  searchKeys: readonly string[],
  fragments: readonly string[],
  unlocked: { text: string; params: SqlParam[] },
): { text: string; params: SqlParam[] } {
  const patterns = fragments.map((fragment) => containsPattern(sql.isMysql ? fragment : foldForSearch(fragment)));
  const holdsAll = (column: string) => {
    const test = sql.isMysql ? `${column} LIKE ? COLLATE utf8mb4_unicode_520_ci ESCAPE '!'` : `${SEARCH_FOLD_FUNCTION}(${column}) LIKE ? ESCAPE '!'`;
    return `(${patterns.map(() => test).join(' AND ')})`;
  };
  const fields = [holdsAll('p.post_content'), holdsAll('p.post_excerpt')];
  const params: SqlParam[] = [...patterns, ...unlocked.params, ...patterns, ...patterns];
  if (searchKeys.length) {
    fields.push(
      `EXISTS (SELECT 1 FROM ${sql.table('postmeta')} sm WHERE sm.post_id = p.ID AND sm.meta_key IN (${placeholders(searchKeys)}) AND ${holdsAll('sm.meta_value')})`,
    );
    params.push(...searchKeys, ...patterns);
  }
  return { text: `(${holdsAll('p.post_title')} OR (${unlocked.text} AND (${fields.join(' OR ')})))`, params };
}
