import { existsSync } from 'node:fs';

/**
 * Reads `./.env` into process.env (variables already set win), so what the entry points read before
 * Nest's ConfigModule loads it — the log level and format, the port and database checked at start-up —
 * comes from the same file. Tests (NODE_ENV=test) never read it, as ConfigModule does not.
 */
export function loadEnvFile(path = '.env'): void {
  if (process.env.NODE_ENV === 'test' || !existsSync(path)) return;
  process.loadEnvFile(path);
}
