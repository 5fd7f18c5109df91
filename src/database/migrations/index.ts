import { WordpressSchema1700000000000 } from './1700000000000-wordpress-schema';
import { LoginFailures1760000000000 } from './1760000000000-login-failures';
import { EventListIndexes1770000000000 } from './1770000000000-event-list-indexes';
import { CacheState1780000000000 } from './1780000000000-cache-state';
import { MetaValueIndex1790000000000 } from './1790000000000-meta-value-index';
import { PostLookupIndex1800000000000 } from './1800000000000-post-lookup-index';
import { ChangesAndWebhooks1820000000000 } from './1820000000000-changes-and-webhooks';
import { VenueGeo1830000000000 } from './1830000000000-venue-geo';
import { SqliteWordpressIndexes1840000000000 } from './1840000000000-sqlite-wordpress-indexes';
import { DataVersionShards1850000000000 } from './1850000000000-data-version-shards';
import { SeriesChanges1860000000000 } from './1860000000000-series-changes';
import { CacheJournal1870000000000 } from './1870000000000-cache-journal';
import { Imports1880000000000 } from './1880000000000-imports';
import { ImportFeeds1890000000000 } from './1890000000000-import-feeds';
import { ReadModel1900000000000 } from './1900000000000-read-model';
import { ReadModelBroadKeys1910000000000 } from './1910000000000-read-model-broad-keys';
import { ReadModelTotals1920000000000 } from './1920000000000-read-model-totals';

export const MIGRATIONS = [
  WordpressSchema1700000000000,
  LoginFailures1760000000000,
  EventListIndexes1770000000000,
  CacheState1780000000000,
  MetaValueIndex1790000000000,
  PostLookupIndex1800000000000,
  ChangesAndWebhooks1820000000000,
  VenueGeo1830000000000,
  SqliteWordpressIndexes1840000000000,
  DataVersionShards1850000000000,
  SeriesChanges1860000000000,
  CacheJournal1870000000000,
  Imports1880000000000,
  ImportFeeds1890000000000,
  ReadModel1900000000000,
  ReadModelBroadKeys1910000000000,
  ReadModelTotals1920000000000,
];
