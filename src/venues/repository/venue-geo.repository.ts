import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { Fragment } from '../../database/list-query';
import { placeholders, Sql, SqlParam } from '../../database/sql';
import { Coordinates, SearchArea, storedCoordinates, unitVector } from '../geo/geo-area';

/** Events Calendar Pro's coordinate meta keys (`Tribe__Events__Pro__Geo_Loc::LAT` / `::LNG`). */
export const LAT_KEY = '_VenueLat';
export const LNG_KEY = '_VenueLng';
const KEYS = [LAT_KEY, LNG_KEY];
const ROWS_PER_INSERT = 200;

/** What the meta of the two keys looks like now: rows added or removed change it (VenueGeoIndex). */
export interface MetaSignature {
  rows: number;
  maxMetaId: number;
}

/** `all`: every located venue; otherwise the venues in the area. */
export type GeoArea = 'all' | SearchArea;

/**
 * A venue counts for the geolocation filter when it is published and not password-protected: Pro's
 * geofence reads published venues only, and a locked venue shows no coordinates (password-blanking).
 */
function countingVenue(venue: string): string {
  return `${venue}.post_type = 'tribe_venue' AND ${venue}.post_status = 'publish' AND ${venue}.post_password = ''`;
}

/** The bounding box on the `(lat, lng, x, y, z)` index and the exact unit-vector test (src/venues/geo/geo-area.ts). */
function areaCondition(area: GeoArea, g: string): Fragment {
  if (area === 'all') return { text: '1 = 1', params: [] };
  const params: SqlParam[] = [area.minLat, area.maxLat];
  let text = `${g}.lat BETWEEN ? AND ?`;
  if (area.lngRanges.length) {
    text += ` AND (${area.lngRanges.map(() => `${g}.lng BETWEEN ? AND ?`).join(' OR ')})`;
    params.push(...area.lngRanges.flat());
  }
  text += ` AND ${g}.x * ? + ${g}.y * ? + ${g}.z * ? >= ?`;
  params.push(...area.centre, area.minDot);
  return { text, params };
}

/**
 * "The event `alias`'s venue lies in the area", probed per event (its `_EventVenueID` row, the venue's
 * index row by primary key, the venue post): the form for areas holding many venues, where the event
 * list is driven by its date window. Areas holding few venues use the venue filter's road instead
 * (their IDs, VenueGeoIndex.venuesIn).
 */
export function eventVenueInArea(sql: Sql, alias: string, area: GeoArea): Fragment {
  const geo = areaCondition(area, 'g');
  const asId = `CAST(gm.meta_value AS ${sql.isMysql ? 'UNSIGNED' : 'INTEGER'})`;
  return {
    text: `EXISTS (SELECT 1 FROM ${sql.table('postmeta')} gm JOIN ${sql.table('eca_venue_geo')} g ON g.venue_id = ${asId}
      JOIN ${sql.table('posts')} gv ON gv.ID = g.venue_id
      WHERE gm.post_id = ${alias}.ID AND gm.meta_key = '_EventVenueID' AND ${countingVenue('gv')} AND ${geo.text})`,
    params: geo.params,
  };
}

/** The service's table `{prefix}eca_venue_geo` (migration VenueGeo) and the meta it mirrors. */
@Injectable()
export class VenueGeoRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  private get table(): string {
    return this.sql.table('eca_venue_geo');
  }

  /** Count and highest meta_id of the coordinate rows: one range of WordPress's `meta_key` index. */
  async signature(): Promise<MetaSignature> {
    const row = await this.sql.one<{ total: number | string; top: number | string | null }>(
      `SELECT COUNT(*) AS total, MAX(meta_id) AS top FROM ${this.sql.table('postmeta')} WHERE meta_key IN (?, ?)`,
      KEYS,
    );
    return { rows: Number(row?.total ?? 0), maxMetaId: Number(row?.top ?? 0) };
  }

  /** Every venue's coordinates as its meta gives them (first row of each key, as `get_post_meta`). */
  async located(): Promise<Map<number, Coordinates>> {
    const rows = await this.sql.rows<{ post_id: number; meta_key: string; meta_value: string | null }>(
      `SELECT m.post_id, m.meta_key, m.meta_value FROM ${this.sql.table('postmeta')} m
        JOIN ${this.sql.table('posts')} v ON v.ID = m.post_id AND v.post_type = 'tribe_venue'
        WHERE m.meta_key IN (?, ?) ORDER BY m.meta_id`,
      KEYS,
    );
    const values = new Map<number, { lat?: string; lng?: string }>();
    for (const row of rows) {
      const entry = values.get(Number(row.post_id)) ?? {};
      const field = row.meta_key === LAT_KEY ? 'lat' : 'lng';
      entry[field] ??= row.meta_value ?? '';
      values.set(Number(row.post_id), entry);
    }
    const result = new Map<number, Coordinates>();
    for (const [id, { lat, lng }] of values) {
      const coordinates = storedCoordinates(lat, lng);
      if (coordinates) result.set(id, coordinates);
    }
    return result;
  }

  async indexed(): Promise<Map<number, Coordinates>> {
    const rows = await this.sql.rows<{ venue_id: number; lat: number; lng: number }>(`SELECT venue_id, lat, lng FROM ${this.table}`);
    return new Map(rows.map((r) => [Number(r.venue_id), { lat: Number(r.lat), lng: Number(r.lng) }]));
  }

  async remove(venueIds: number[]): Promise<void> {
    for (let i = 0; i < venueIds.length; i += ROWS_PER_INSERT) {
      const chunk = venueIds.slice(i, i + ROWS_PER_INSERT);
      await this.sql.run(`DELETE FROM ${this.table} WHERE venue_id IN (${placeholders(chunk)})`, chunk);
    }
  }

  /** Writes these venues' rows (replacing any they had). */
  async put(venues: [number, Coordinates][]): Promise<void> {
    await this.remove(venues.map(([id]) => id));
    for (let i = 0; i < venues.length; i += ROWS_PER_INSERT) {
      const chunk = venues.slice(i, i + ROWS_PER_INSERT);
      await this.sql.run(
        `INSERT INTO ${this.table} (venue_id, lat, lng, x, y, z) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap(([id, c]) => [id, c.lat, c.lng, ...unitVector(c)]),
      );
    }
  }

  /** The counting venues in the area, at most `limit` of them (IDs ascending). */
  async venuesIn(area: GeoArea, limit: number): Promise<number[]> {
    const geo = areaCondition(area, 'g');
    const rows = await this.sql.rows<{ venue_id: number }>(
      `SELECT g.venue_id FROM ${this.table} g JOIN ${this.sql.table('posts')} v ON v.ID = g.venue_id
        WHERE ${countingVenue('v')} AND ${geo.text} ORDER BY g.venue_id LIMIT ?`,
      [...geo.params, limit],
    );
    return rows.map((r) => Number(r.venue_id));
  }
}
