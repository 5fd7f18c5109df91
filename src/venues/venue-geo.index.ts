import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { LinkedPostWriter } from '../linked-posts';
import { PostsStore } from '../wordpress/posts.store';
import { Coordinates, storedCoordinates } from './geo/geo-area';
import { GeoArea, LAT_KEY, LNG_KEY, MetaSignature, VenueGeoRepository } from './repository/venue-geo.repository';

/**
 * Areas holding at most this many counting venues are listed through the venue filter's road (the
 * events of those venues, read through `eca_meta_key_value`); larger ones are probed per event of the
 * date window (`eventVenueInArea`), where the filter no longer narrows much.
 */
export const VENUE_ROAD_MAX = 500;

/** The shortest interval between two staleness checks (with RESPONSE_CACHE_TTL_SECONDS=0). */
export const MIN_CHECK_INTERVAL_MS = 1000;

/** How the event list applies a geolocation filter. */
export type GeoSelection = { venueIds: number[] } | { area: GeoArea };

/**
 * Keeps the service's geolocation index (`{prefix}eca_venue_geo`) in step with the venues'
 * `_VenueLat`/`_VenueLng` meta (docs/geolocation.md):
 * - every venue write through the service updates its row in the write's transaction;
 * - at start-up the table is brought in line with the meta (what WordPress or Pro wrote meanwhile);
 * - before a geolocation list, a cheap check (count and highest `meta_id` of the coordinate rows, one
 *   range of WordPress's `meta_key` index: it grows with the venues, never with the events) runs at
 *   most once per RESPONSE_CACHE_TTL_SECONDS, and at most once a second when that is 0; when the meta
 *   changed (coordinates added or removed by WordPress), the table is brought in line again.
 *   Coordinates WordPress edits in place keep their rows and count: they are seen at the next start,
 *   or at once with the must-use plugin of docs/geolocation.md.
 */
@Injectable()
export class VenueGeoIndex implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('VenueGeoIndex');
  private signature: MetaSignature | undefined;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly repository: VenueGeoRepository,
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly writer: LinkedPostWriter,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.writer.onWrite('tribe_venue', (id) => this.syncVenue(id));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.resync();
  }

  /** The venue's row from its meta as the current transaction sees it. */
  async syncVenue(venueId: number): Promise<void> {
    const meta = await this.posts.metaOf(venueId, [LAT_KEY, LNG_KEY]);
    const coordinates = storedCoordinates(meta.get(LAT_KEY)?.[0], meta.get(LNG_KEY)?.[0]);
    if (coordinates) await this.repository.put([[venueId, coordinates]]);
    else await this.repository.remove([venueId]);
  }

  /** How the list finds the events whose venue lies in the area (after the staleness check). */
  async select(area: GeoArea): Promise<GeoSelection> {
    await this.fresh();
    const venueIds = await this.repository.venuesIn(area, VENUE_ROAD_MAX + 1);
    return venueIds.length <= VENUE_ROAD_MAX ? { venueIds } : { area };
  }

  /** The staleness check, at most once per TTL (once a second at TTL 0); concurrent callers share it. */
  private async fresh(): Promise<void> {
    if (Date.now() - this.checkedAt < Math.max(this.config.responseCacheTtlSeconds * 1000, MIN_CHECK_INTERVAL_MS)) return;
    this.checking ??= (async () => {
      try {
        const now = await this.repository.signature();
        if (!this.signature || now.rows !== this.signature.rows || now.maxMetaId !== this.signature.maxMetaId) await this.resync(now);
        this.checkedAt = Date.now();
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  /** Brings the table in line with the meta; writes (one transaction) only when they differ. */
  private async resync(signature?: MetaSignature): Promise<void> {
    const before = signature ?? (await this.repository.signature());
    const [located, indexed] = await Promise.all([this.repository.located(), this.repository.indexed()]);
    const stale = [...indexed.keys()].filter((id) => !located.has(id));
    const changed = [...located].filter(([id, c]) => !same(indexed.get(id), c));
    if (stale.length || changed.length) {
      await this.db.transaction(async () => {
        await this.repository.remove(stale);
        await this.repository.put(changed);
      });
      this.logger.log(`geolocation index: ${changed.length} venue(s) written, ${stale.length} removed (from _VenueLat/_VenueLng)`);
    }
    this.signature = before;
  }
}

function same(a: Coordinates | undefined, b: Coordinates): boolean {
  return a !== undefined && a.lat === b.lat && a.lng === b.lng;
}
