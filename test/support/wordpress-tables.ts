import { getMetadataArgsStorage } from 'typeorm';
import { WORDPRESS_ENTITIES } from '../../src/database/entities';

/** The WordPress and The Events Calendar tables the service reads and writes (unprefixed): its entities' tables. */
export const WORDPRESS_TABLES = WORDPRESS_ENTITIES.map((entity) => {
  const table = getMetadataArgsStorage().tables.find((args) => args.target === entity);
  if (!table?.name) throw new Error(`${entity.name} has no table name`);
  return table.name;
});
