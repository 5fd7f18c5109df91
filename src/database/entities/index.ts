import { CacheJournalEntity, CacheStateEntity } from './cache-state.entity';
import { ChangeCursorEntity, ChangeEntity, WebhookAttemptEntity, WebhookDeliveryEntity, WebhookEntity } from './change.entities';
import { ImportFeedEntity } from './import-feed.entity';
import { ImportEntity } from './import.entity';
import { LoginFailureEntity } from './login-failure.entity';
import { PostMetaEntity, TermMetaEntity, UserMetaEntity } from './meta.entities';
import { PostEntity } from './post.entity';
import { ReadModelEpochEntity, ReadModelKeyEntity, ReadModelRowEntity } from './read-model.entities';
import { TecEventEntity, TecOccurrenceEntity } from './tec.entities';
import { TermEntity, TermRelationshipEntity, TermTaxonomyEntity } from './term.entities';
import { OptionEntity, UserEntity } from './user.entities';
import { VenueGeoEntity } from './venue-geo.entity';

export * from './cache-state.entity';
export * from './change.entities';
export * from './import-feed.entity';
export * from './read-model.entities';
export * from './import.entity';
export * from './login-failure.entity';
export * from './meta.entities';
export * from './post.entity';
export * from './tec.entities';
export * from './term.entities';
export * from './user.entities';
export * from './venue-geo.entity';

/**
 * Every table the service reads or writes, as the code types it (the stores' row types are picked
 * from these classes) and as test/e2e/entity-schema.e2e-spec.ts checks it against the live tables of
 * both engines. Types are engine-neutral: `text` is MySQL's text, mediumtext or longtext (SQLite has
 * no longtext), `datetime` also its timestamp. The migrations create the tables; nothing synchronizes.
 */
export const WORDPRESS_ENTITIES = [
  PostEntity,
  PostMetaEntity,
  TermEntity,
  TermTaxonomyEntity,
  TermRelationshipEntity,
  TermMetaEntity,
  UserEntity,
  UserMetaEntity,
  OptionEntity,
  TecEventEntity,
  TecOccurrenceEntity,
];

/** The service's own `{prefix}eca_*` tables (WordPress ignores them). */
export const SERVICE_ENTITIES = [
  LoginFailureEntity,
  CacheStateEntity,
  CacheJournalEntity,
  ChangeCursorEntity,
  ChangeEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  VenueGeoEntity,
  ImportEntity,
  ImportFeedEntity,
  ReadModelRowEntity,
  ReadModelKeyEntity,
  ReadModelEpochEntity,
];

export const ENTITIES = [...WORDPRESS_ENTITIES, ...SERVICE_ENTITIES];
