/** The WordPress and The Events Calendar tables the service reads and writes (unprefixed). */
export const WORDPRESS_TABLES = [
  'posts',
  'postmeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'termmeta',
  'users',
  'usermeta',
  'options',
  'tec_events',
  'tec_occurrences',
] as const;
