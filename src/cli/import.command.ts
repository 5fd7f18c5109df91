import type { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { AuthService } from '../auth/auth.service';
import { Caller } from '../wordpress/caller';
import { AppConfig } from '../config/app-config';
import { MAX_IMPORT_BYTES } from '../import/import-limits';
import { IMPORT_CAPABILITY } from '../import/imports.resource';
import { ImportCreateArgs } from '../import/imports.args';
import { ImportsService } from '../import/imports.service';
import { UploadedFile } from '../import/source/request-source';
import { RestError } from '../reasons/rest-error';
import { UsersStore } from '../wordpress/users.store';

export const IMPORT_USAGE = `  import FILE|URL [--status publish|draft|pending|private] [--format ical|csv] [--as LOGIN]
        imports an iCalendar or CSV file (or an http/https/webcal feed) as POST /eca/v1/imports does, with a
        progress bar; prints the report (docs/import.md). --as: the administrator it is done as (default: the first)`;

/** A command-line mistake in `import` (the CLI prints it with the usage). */
export class ImportUsageError extends Error {}

type AppContext = Pick<INestApplicationContext, 'get'>;

const STATUSES = ['publish', 'draft', 'pending', 'private'];
const FORMATS = ['ical', 'csv'];

/** The user the import is done as: `--as`, else the first user with WordPress's `import` capability. */
async function importer(app: AppContext, login: string | undefined): Promise<Caller> {
  const auth = app.get(AuthService, { strict: false });
  const store = app.get(UsersStore, { strict: false });
  const users = login ? [await store.findByLogin(login)] : await store.list();
  if (login && !users[0]) throw new ImportUsageError(`No user with login "${login}"`);
  for (const user of users) {
    const caller = await auth.callerFor(user!);
    if (caller.capabilities.has(IMPORT_CAPABILITY)) return caller;
  }
  throw new ImportUsageError(login ? `"${login}" may not import (no "import" capability)` : 'No administrator to import as: create one with users:create');
}

/** The operator's own file, read whole (within the import's size limit). */
async function localFile(path: string): Promise<UploadedFile> {
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) throw new ImportUsageError(`No file "${path}"`);
  if (size > MAX_IMPORT_BYTES) throw new ImportUsageError(`"${path}" is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  return { kind: 'file', name: basename(path), contentType: /\.csv$/i.test(path) ? 'text/csv' : 'text/calendar', read: () => readFile(path) };
}

/** `import FILE|URL`: the API's import, run as an administrator, with a progress bar on stderr. */
export async function runImportCommand(argv: string[], app: AppContext, print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { status: { type: 'string' }, format: { type: 'string' }, as: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new ImportUsageError('import takes one FILE or URL');
  if (values.status !== undefined && !STATUSES.includes(values.status)) throw new ImportUsageError(`--status must be one of ${STATUSES.join(', ')}`);
  if (values.format !== undefined && !FORMATS.includes(values.format)) throw new ImportUsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const [target] = positionals;
  const isUrl = /^(https?|webcals?):\/\//i.test(target);
  const args = Object.assign(new ImportCreateArgs(), {
    status: values.status ?? 'publish',
    format: values.format as ImportCreateArgs['format'],
    url: isUrl ? target : undefined,
  });
  const upload = isUrl ? undefined : await localFile(target);
  const caller = await importer(app, values.as);
  const config = app.get(AppConfig, { strict: false });
  const bar = new SingleBar({
    format: 'Importing [{bar}] {percentage}% | {value}/{total} events | {duration_formatted} elapsed, {eta_formatted} left',
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  try {
    const report = await app
      .get(ImportsService, { strict: false })
      .create({ caller, origin: config.siteUrl ?? `http://localhost:${config.port}`, credentials: {} }, args, upload, (done, total) => {
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      });
    bar.stop();
    const { created, updated, unchanged, failed } = report.counts;
    print(`Import ${report.id}: ${created} created, ${updated} updated, ${unchanged} unchanged, ${failed} failed`);
    for (const item of report.items ?? []) if (item.action === 'failed') print(`  line ${item.line}${item.uid ? ` (${item.uid})` : ''}: ${item.reason}`);
  } catch (error) {
    bar.stop();
    if (error instanceof RestError) throw new Error(error.message, { cause: error });
    throw error;
  }
}
