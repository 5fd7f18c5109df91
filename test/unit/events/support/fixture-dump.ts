/**
 * Reads rows of the fixture dump (test/fixtures/wordpress/tec-wordpress-seeded.sql, written by
 * WordPress + TEC) and the plugin's golden answers on it, as test vectors for the pure functions.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_SQL, GOLDEN_DIR } from '../../../support/fixture-paths';

const dump = readFileSync(FIXTURE_SQL, 'utf8');

const VALUE = String.raw`'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|NULL`;
const unquote = (v: string): string | null =>
  v === 'NULL' ? null : v.startsWith("'") ? v.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', '0': '\0', t: '\t' })[c] ?? c) : v;

/** Every row tuple of `INSERT INTO \`table\`` statements. */
export function tableRows(table: string): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = [];
  const insert = new RegExp('INSERT INTO `' + table + '` VALUES\\s*', 'g');
  const tuple = new RegExp(String.raw`\((${VALUE})((?:,(?:${VALUE}))*)\)`, 'y');
  let m: RegExpExecArray | null;
  while ((m = insert.exec(dump))) {
    let at = m.index + m[0].length;
    for (;;) {
      tuple.lastIndex = at;
      const t = tuple.exec(dump);
      if (!t) break;
      const values = (t[0].slice(1, -1).match(new RegExp(VALUE, 'g')) ?? []).map(unquote);
      rows.push(values);
      at = tuple.lastIndex;
      if (dump[at] === ',') at++;
      while (/\s/.test(dump[at])) at++;
    }
  }
  return rows;
}

/** post ID → meta key → values in row order. */
export function postMeta(): Map<number, Map<string, string[]>> {
  const meta = new Map<number, Map<string, string[]>>();
  for (const [, postId, key, value] of tableRows('wp_postmeta')) {
    const id = Number(postId);
    if (!meta.has(id)) meta.set(id, new Map());
    const byKey = meta.get(id) as Map<string, string[]>;
    byKey.set(key as string, [...(byKey.get(key as string) ?? []), value ?? '']);
  }
  return meta;
}

export interface PostRow {
  id: number;
  post_date: string;
  post_date_gmt: string;
  post_content: string;
  post_title: string;
  post_excerpt: string;
}

export function posts(): Map<number, PostRow> {
  const result = new Map<number, PostRow>();
  for (const r of tableRows('wp_posts')) {
    result.set(Number(r[0]), {
      id: Number(r[0]),
      post_date: r[2] ?? '',
      post_date_gmt: r[3] ?? '',
      post_content: r[4] ?? '',
      post_title: r[5] ?? '',
      post_excerpt: r[6] ?? '',
    });
  }
  return result;
}

/** Every event/venue/organizer object found in the golden answers, by ID (first occurrence). */
export function goldenRecords(kind: 'events' | 'venues' | 'organizers'): Map<number, Record<string, any>> {
  const found = new Map<number, Record<string, any>>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, any>;
      const isKind =
        kind === 'events'
          ? 'start_date_details' in record
          : kind === 'venues'
            ? typeof record.venue === 'string' && 'show_map' in record
            : typeof record.organizer === 'string';
      if (isKind && typeof record.id === 'number' && !found.has(record.id)) found.set(record.id, record);
      for (const v of Object.values(record)) visit(v);
    }
  };
  for (const file of readdirSync(GOLDEN_DIR)) visit(JSON.parse(readFileSync(join(GOLDEN_DIR, file), 'utf8')).body);
  return found;
}
