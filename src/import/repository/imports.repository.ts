import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { ImportEntity } from '../../database/entities';
import { ImportReport, ReportItem } from '../import-report';

const COLUMNS = [
  'id',
  'created_by',
  'source_kind',
  'source',
  'format',
  'status',
  'created_count',
  'updated_count',
  'unchanged_count',
  'trashed_count',
  'failed_count',
  'error',
  'started_at',
  'finished_at',
] satisfies (keyof ImportEntity)[];

type Row = Pick<ImportEntity, (typeof COLUMNS)[number]> & { items?: string };

function toReport(row: Row): ImportReport {
  return {
    id: Number(row.id),
    createdBy: Number(row.created_by),
    source: { kind: row.source_kind as ImportReport['source']['kind'], name: row.source },
    format: row.format as ImportReport['format'],
    status: row.status as ImportReport['status'],
    counts: {
      created: Number(row.created_count),
      updated: Number(row.updated_count),
      unchanged: Number(row.unchanged_count),
      trashed: Number(row.trashed_count),
      failed: Number(row.failed_count),
    },
    error: row.error ?? null,
    items: row.items === undefined ? undefined : (JSON.parse(row.items) as ReportItem[]),
    startedAt: Number(row.started_at),
    finishedAt: Number(row.finished_at),
  };
}

/** `{prefix}eca_imports`: the reports. Bookkeeping writes: no cached answer depends on the table. */
@Injectable()
export class ImportsRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(report: Omit<ImportReport, 'id'>): Promise<number> {
    const sql = this.db.sql;
    const { counts } = report;
    return this.db.transaction(
      async () =>
        (
          await sql.run(
            `INSERT INTO ${sql.table('eca_imports')} (created_by, source_kind, source, format, status, created_count, updated_count, unchanged_count,
               trashed_count, failed_count, error, items, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              report.createdBy,
              report.source.kind,
              report.source.name.slice(0, 2048),
              report.format,
              report.status,
              counts.created,
              counts.updated,
              counts.unchanged,
              counts.trashed,
              counts.failed,
              report.error?.slice(0, 500) ?? null,
              JSON.stringify(report.items ?? []),
              report.startedAt,
              report.finishedAt,
            ],
          )
        ).insertId,
      { bookkeeping: true },
    );
  }

  /** The newest reports first (without their items), before the ID `before` when given. */
  async list(before: number | undefined, limit: number): Promise<ImportReport[]> {
    const sql = this.db.sql;
    const rows = await sql.rows<Row>(
      `SELECT ${COLUMNS.join(', ')} FROM ${sql.table('eca_imports')} ${before ? 'WHERE id < ?' : ''} ORDER BY id DESC LIMIT ${Number(limit)}`,
      before ? [before] : [],
    );
    return rows.map(toReport);
  }

  async byId(id: number): Promise<ImportReport | undefined> {
    const sql = this.db.sql;
    const row = await sql.one<Row>(`SELECT ${COLUMNS.join(', ')}, items FROM ${sql.table('eca_imports')} WHERE id = ?`, [id]);
    return row ? toReport(row) : undefined;
  }
}
