import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import { DatabaseService } from '../../src/database/database.service';
import { createTestDatabase, TestDatabase } from './test-database';

export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'TestAdminPassword1234';

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

/** Boots the real application over HTTP on a database of its own (or on `database` when given). */
export async function startTestApp(
  options: { env?: Record<string, string>; database?: TestDatabase; modules?: Type[] } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await createApp(
    {
      DATABASE_URL: database.url,
      SITE_URL: 'http://127.0.0.1:3000',
      ADMIN_USER,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      ...options.env,
    },
    options.modules ?? [],
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
