import { WordpressSchema1700000000000 } from './1700000000000-wordpress-schema';

export const MIGRATIONS = [WordpressSchema1700000000000];
