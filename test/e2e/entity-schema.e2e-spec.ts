import type { DataSource, EntityMetadata } from 'typeorm';
import { OptionEntity, SQLITE_ONLY_INDEXES } from '../../src/database/entities';
import type { Sql } from '../../src/database/sql';
import { startFixtureApp } from '../support/fixture-app';
import { startTestApp, TestApp } from '../support/test-app';
import { ENGINE } from '../support/test-database';

// The entities are the schema's truth (docs/architecture.md "Entities and SQL"): every entity must
// describe its live table on both engines — columns, type family, nullability, primary key, and
// indexes by their columns and uniqueness (index names differ between engines: SQLite's carry the
// table prefix, UNIQUE constraints become automatic indexes, TEC puts the prefix inside its own).

/** A table's shape, with types written the way one engine reports them. */
interface TableShape {
  /** column → `type[(length)][ unsigned][ auto] null|not null` */
  columns: Record<string, string>;
  primary: string[];
  /** `[unique ](col, col)`, sorted */
  indexes: string[];
}

const INTEGERS = ['tinyint', 'smallint', 'mediumint', 'int', 'bigint'];

/** SQLite's declared type of an entity column type (the DDL writes only these three). */
function sqliteType(type: string): string {
  if (INTEGERS.includes(type)) return 'INTEGER';
  if (type === 'double') return 'REAL';
  return 'TEXT'; // varchar, text, datetime
}

/** MySQL's type of an entity column type; `text` and `datetime` stand for their families. */
function mysqlType(type: string): string {
  if (['mediumtext', 'longtext'].includes(type)) return 'text';
  if (type === 'timestamp') return 'datetime';
  return type;
}

const indexShape = (unique: boolean, columns: string[]) => `${unique ? 'unique ' : ''}(${columns.join(', ')})`;
const nullability = (nullable: boolean) => (nullable ? 'null' : 'not null');

/** What the entity says the table is, written the way `engine` reports it. */
function expectedShape(metadata: EntityMetadata, engine: 'sqlite' | 'mysql'): TableShape {
  const columns: Record<string, string> = {};
  for (const column of metadata.columns) {
    const type = String(column.type);
    const described =
      engine === 'sqlite'
        ? sqliteType(type)
        : [
            mysqlType(type) + (type === 'varchar' ? `(${column.length})` : ''),
            column.unsigned ? 'unsigned' : '',
            column.generationStrategy === 'increment' ? 'auto' : '',
          ]
            .filter(Boolean)
            .join(' ');
    columns[column.databaseName] = `${described} ${nullability(column.isNullable)}`;
  }
  const indexes = [
    ...metadata.indices
      .filter((index) => engine === 'sqlite' || !SQLITE_ONLY_INDEXES.has(index.givenName ?? ''))
      .map((index) =>
        indexShape(
          index.isUnique,
          index.columns.map((c) => c.databaseName),
        ),
      ),
    ...metadata.uniques.map((unique) =>
      indexShape(
        true,
        unique.columns.map((c) => c.databaseName),
      ),
    ),
  ];
  return { columns, primary: metadata.primaryColumns.map((c) => c.databaseName), indexes: indexes.sort() };
}

/** The live table as SQLite describes it (PRAGMA table_info / index_list / index_info). */
async function sqliteShape(sql: Sql, table: string): Promise<TableShape> {
  const quoted = `"${table.replaceAll('"', '""')}"`;
  const info = await sql.rows<{ name: string; type: string; notnull: number; pk: number }>(`PRAGMA table_info(${quoted})`);
  const columns: Record<string, string> = {};
  for (const c of info) {
    // A lone INTEGER PRIMARY KEY is the rowid: never null, whatever table_info says.
    const rowid = c.pk === 1 && c.type.toUpperCase() === 'INTEGER' && info.filter((o) => o.pk > 0).length === 1;
    columns[c.name] = `${c.type.toUpperCase()} ${nullability(!c.notnull && !rowid)}`;
  }
  const primary = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const indexes: string[] = [];
  for (const index of await sql.rows<{ name: string; unique: number; origin: string }>(`PRAGMA index_list(${quoted})`)) {
    if (index.origin === 'pk') continue;
    const cols = await sql.rows<{ seqno: number; name: string }>(`PRAGMA index_info("${index.name.replaceAll('"', '""')}")`);
    indexes.push(
      indexShape(
        !!index.unique,
        cols.sort((a, b) => a.seqno - b.seqno).map((c) => c.name),
      ),
    );
  }
  return { columns, primary, indexes: indexes.sort() };
}

/** The live table as MySQL/MariaDB describes it (information_schema). */
async function mysqlShape(sql: Sql, table: string): Promise<TableShape> {
  const info = await sql.rows<{ name: string; data_type: string; column_type: string; nullable: string; length: number | null; extra: string }>(
    `SELECT column_name AS name, data_type, column_type, is_nullable AS nullable, character_maximum_length AS length, extra
       FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?`,
    [table],
  );
  const columns: Record<string, string> = {};
  for (const c of info) {
    const type = mysqlType(c.data_type) + (c.data_type === 'varchar' ? `(${c.length})` : '');
    const described = [type, c.column_type.includes('unsigned') ? 'unsigned' : '', c.extra.includes('auto_increment') ? 'auto' : ''].filter(Boolean);
    columns[c.name] = `${described.join(' ')} ${nullability(c.nullable === 'YES')}`;
  }
  const stats = await sql.rows<{ name: string; non_unique: number | string; col: string }>(
    `SELECT index_name AS name, non_unique, column_name AS col
       FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? ORDER BY index_name, seq_in_index`,
    [table],
  );
  const byName = new Map<string, { unique: boolean; columns: string[] }>();
  for (const s of stats) {
    const index = byName.get(s.name) ?? { unique: Number(s.non_unique) === 0, columns: [] };
    byName.set(s.name, index);
    index.columns.push(s.col);
  }
  const { PRIMARY: primary, ...others } = Object.fromEntries(byName);
  const indexes = Object.values(others).map((i) => indexShape(i.unique, i.columns));
  return { columns, primary: primary?.columns ?? [], indexes: indexes.sort() };
}

function liveShape(sql: Sql, table: string): Promise<TableShape> {
  return sql.isMysql ? mysqlShape(sql, table) : sqliteShape(sql, table);
}

/** Every entity of the DataSource and its live table, by table name: one diff shows every difference. */
async function expectEntitiesMatchTables(dataSource: DataSource, sql: Sql): Promise<void> {
  const engine = sql.isMysql ? 'mysql' : 'sqlite';
  const entities: Record<string, TableShape> = {};
  const live: Record<string, TableShape> = {};
  for (const metadata of dataSource.entityMetadatas) {
    entities[metadata.tableName] = expectedShape(metadata, engine);
    live[metadata.tableName] = await liveShape(sql, metadata.tableName);
  }
  expect(live).toEqual(entities);
}

/** The tables of the database, less those TypeORM and SQLite keep for themselves. */
async function liveTables(t: TestApp): Promise<string[]> {
  const rows = t.db.isMysql
    ? await t.db.sql.rows<{ n: string }>('SELECT table_name AS n FROM information_schema.tables WHERE table_schema = DATABASE()')
    : await t.db.sql.rows<{ n: string }>("SELECT name AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'");
  return rows.map((r) => r.n).filter((name) => name !== `${t.db.sql.prefix}eca_migrations`);
}

describe(`entities against the live tables (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every table the migrations create has an entity, and only those', async () => {
    const entities = t.db.dataSource.entityMetadatas.map((m) => m.tableName);
    expect((await liveTables(t)).sort()).toEqual(entities.sort());
  });

  it('every entity matches its table: columns, type family, nullability, primary key and indexes', async () => {
    await expectEntitiesMatchTables(t.db.dataSource, t.db.sql);
  });

  it('notices a missing or extra column, another type or nullability, and a missing index', async () => {
    // A copy of `options` as it should not be: option_value nullable, autoload an integer, no index on
    // autoload, and a column the entity does not know.
    const probe = `${t.db.sql.prefix}schema_probe`;
    const ddl = t.db.isMysql
      ? `CREATE TABLE \`${probe}\` (option_id bigint(20) unsigned NOT NULL AUTO_INCREMENT, option_name varchar(191) NOT NULL DEFAULT '',
          option_value longtext DEFAULT NULL, autoload int(11) NOT NULL, extra text, PRIMARY KEY (option_id), UNIQUE KEY option_name (option_name))`
      : `CREATE TABLE "${probe}" (option_id INTEGER PRIMARY KEY AUTOINCREMENT, option_name TEXT NOT NULL DEFAULT '' UNIQUE,
          option_value TEXT, autoload INTEGER NOT NULL, extra TEXT)`;
    await t.db.sql.run(ddl);
    try {
      const entity = expectedShape(t.db.dataSource.getMetadata(OptionEntity), t.db.isMysql ? 'mysql' : 'sqlite');
      const live = await liveShape(t.db.sql, probe);
      const text = t.db.isMysql ? 'text' : 'TEXT';
      const integer = t.db.isMysql ? 'int' : 'INTEGER';
      expect(live.columns.option_value).toBe(`${text} null`);
      expect(entity.columns.option_value).toBe(`${text} not null`);
      expect(live.columns.autoload).toBe(`${integer} not null`);
      expect(entity.columns.autoload).not.toBe(live.columns.autoload);
      expect(Object.keys(live.columns)).toContain('extra');
      expect(Object.keys(entity.columns)).not.toContain('extra');
      expect(entity.indexes).toEqual(['(autoload)', 'unique (option_name)']);
      expect(live.indexes).toEqual(['unique (option_name)']);
      expect(live.primary).toEqual(entity.primary);
    } finally {
      await t.db.sql.run(`DROP TABLE ${t.db.sql.table('schema_probe')}`);
    }
  });
});

// The fixture is a MariaDB dump: checked when the suite runs on MariaDB.
if (ENGINE === 'mysql') {
  describe('entities against the tables a real WordPress + The Events Calendar created (MariaDB fixture)', () => {
    it('every entity matches its table once the service has added its own tables and indexes', async () => {
      const fixture = await startFixtureApp();
      try {
        await expectEntitiesMatchTables(fixture.t.db.dataSource, fixture.t.db.sql);
      } finally {
        await fixture.close();
      }
    });
  });
}
