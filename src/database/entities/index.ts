import { PostMetaEntity, TermMetaEntity, UserMetaEntity } from './meta.entities';
import { PostEntity } from './post.entity';
import { TecEventEntity, TecOccurrenceEntity } from './tec.entities';
import { TermEntity, TermRelationshipEntity, TermTaxonomyEntity } from './term.entities';
import { OptionEntity, UserEntity } from './user.entities';

export * from './meta.entities';
export * from './post.entity';
export * from './tec.entities';
export * from './term.entities';
export * from './user.entities';

export const ENTITIES = [
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
