import { WordpressSchema1700000000000 } from './1700000000000-wordpress-schema';
import { LoginFailures1760000000000 } from './1760000000000-login-failures';

export const MIGRATIONS = [WordpressSchema1700000000000, LoginFailures1760000000000];
