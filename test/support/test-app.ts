import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app/app.factory';
import { Role, UsersService } from '../../src/auth/users.service';
import { DatabaseService } from '../../src/database/database.service';
import { SeriesModule } from './series-module/series.module';
import { createTestDatabase, TestDatabase } from './test-database';

export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'TestAdminPassword1234';
/** The namespace base path and the SITE_URL every test app runs with. */
export const BASE = '/wp-json/tribe/events/v1';
/** The example resource's namespace (test/support/series-module), mounted in every test app. */
export const EXAMPLE_BASE = '/wp-json/example/v1';
export const SITE = 'http://127.0.0.1:3000';

export interface TestApp {
  app: NestExpressApplication;
  http: TestAgent;
  db: DatabaseService;
  database: TestDatabase;
  close(): Promise<void>;
}

export function basic(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

/** Authorization header of the bootstrap administrator. */
export const ADMIN = basic(ADMIN_USER, ADMIN_PASSWORD);

export interface Login {
  id: number;
  auth: string;
}

/** A user with that role (created once) and a fresh application password: its ID and Authorization header. */
export async function userWithRole(t: TestApp, role: Role, login = `${role}-user`): Promise<Login> {
  const users = t.app.get(UsersService);
  const id = (await users.findByLogin(login))?.ID ?? (await users.create({ login, email: `${login}@example.org`, role }));
  const { plain } = await users.addApplicationPassword(id, 'test');
  return { id, auth: basic(login, plain) };
}

/**
 * Boots the real application over HTTP on a database of its own (or on `database` when given), with
 * the example resource of docs/architecture.md mounted in its own namespace beside the production
 * modules: every suite runs with one more resource than the plugin's, so what is derived from the
 * registry is tested as such (the production app, src/app/app.module.ts, does not have it).
 */
export async function startTestApp(options: { env?: Record<string, string>; database?: TestDatabase; modules?: Type[] } = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await createApp(
    {
      DATABASE_URL: database.url,
      SITE_URL: SITE,
      ADMIN_USER,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      // No background webhook worker unless a test asks for one: its polls would add statements to
      // the windows other tests count (test/e2e/changes-*.e2e-spec.ts turn it on).
      WEBHOOKS_WORKER: 'false',
      // Nor the feeds' worker: test/e2e/import-feeds.e2e-spec.ts runs its passes itself.
      IMPORT_FEEDS_WORKER: 'false',
      ...options.env,
    },
    [SeriesModule, ...(options.modules ?? [])],
  );
  return {
    app,
    http: request(app.getHttpServer()),
    db: app.get(DatabaseService),
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
