import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Connection, createConnection } from 'mysql2/promise';
import { freePort } from './free-port';

/**
 * A MariaDB server of a test's own (a fresh datadir from mariadb-install-db, on a free loopback port),
 * for tests that kill, restart or replicate a server: never the shared test server.
 */
export class PrivateMariaDb {
  private server?: ChildProcess;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly args: string[],
  ) {}

  /** Installs and starts a server; `args` are extra mariadbd options (e.g. --server-id=2). */
  static async create(args: string[] = ['--skip-log-bin']): Promise<PrivateMariaDb> {
    const dir = mkdtempSync(join(tmpdir(), 'eca-mariadb-'));
    mkdirSync(join(dir, 'tmp'));
    // The bootstrap server gets the private tmpdir too: a server starting up deletes the `#sql*`
    // temporary files it finds in its tmpdir, so a shared /tmp breaks concurrent installs (and the
    // shared test server's temporary tables).
    await promisify(execFile)('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      `--tmpdir=${join(dir, 'tmp')}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
    ]);
    const server = new PrivateMariaDb(dir, await freePort(), args);
    await server.start();
    return server;
  }

  /** `mysql://root@127.0.0.1:<port>/<database>` */
  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  connect(): Promise<Connection> {
    return createConnection({ host: '127.0.0.1', port: this.port, user: 'root', charset: 'utf8mb4_unicode_520_ci' });
  }

  /** Runs `work` on a fresh root connection, closed afterwards. */
  async with<T>(work: (c: Connection) => Promise<T>): Promise<T> {
    const c = await this.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  }

  async start(): Promise<void> {
    this.server = spawn(
      'mariadbd',
      // A tmpdir of its own: its temporary tables must never meet those of the shared test server.
      [
        '--no-defaults',
        `--datadir=${join(this.dir, 'data')}`,
        `--tmpdir=${join(this.dir, 'tmp')}`,
        `--port=${this.port}`,
        `--socket=${join(this.dir, 'sock')}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=32M',
        ...this.args,
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 150; i++) {
      try {
        await (await this.connect()).end();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('the private MariaDB server did not start');
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  /** SIGKILL: the server dies as in a crash, connections are cut. */
  async kill(): Promise<void> {
    const child = this.server;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.server = undefined;
  }

  /** Kills the server and deletes its files. */
  async remove(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
