import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { HOME_FOLLOWS_REQUEST, OptionsStore } from '../wordpress/options.store';
import type { RoleMap } from './capabilities';
import { defaultUserRoles, missingResourceCapabilities } from './default-roles';
import { UsersService } from './users.service';

/**
 * At start-up, what a fresh site needs before its first request: the options a WordPress site always
 * has (contract storage.md §13), its roles, then ADMIN_USER as an administrator with ADMIN_PASSWORD
 * among its application passwords (auth-and-permissions.md §1.3). Idempotent: only what is absent is
 * written, so an existing WordPress site keeps its own settings, roles and users.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly options: OptionsStore,
    private readonly db: DatabaseService,
    private readonly users: UsersService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seedOptions();
    await this.warnOfMissingCapabilities();
    const { adminUser, adminPassword } = this.config;
    if (!adminUser || !adminPassword) return this.firstRunAdmin();
    let user = await this.users.findByLogin(adminUser);
    if (!user) {
      const email = adminUser.includes('@') ? adminUser : `${adminUser}@localhost`;
      await this.users.create({ login: adminUser, email, role: 'administrator' });
      user = (await this.users.findByLogin(adminUser))!;
      this.logger.log(`Created administrator "${adminUser}"`);
    }
    if (!(await this.users.hasApplicationPassword(user.ID, adminPassword))) {
      await this.users.addApplicationPassword(user.ID, 'bootstrap', adminPassword);
      this.logger.log(`Added the ADMIN_PASSWORD application password to "${adminUser}"`);
    }
  }

  private async seedOptions(): Promise<void> {
    const home = this.config.siteUrl ?? `http://localhost:${this.config.port}`;
    const defaults: [string, unknown][] = [
      ['home', home],
      ['siteurl', home],
      ['blogname', 'Events'],
      ['timezone_string', 'UTC'],
      ['gmt_offset', '0'],
      ['posts_per_page', '10'],
      ['permalink_structure', '/%postname%/'],
      [`${this.config.tablePrefix}user_roles`, defaultUserRoles()],
    ];
    // A site that has them all is not written to: a write transaction retires every cached answer and
    // read model row (it names no key), which would make every restart a cold start.
    const present = await this.options.getRaw(defaults.map(([name]) => name));
    if (defaults.every(([name]) => present.has(name))) return;
    const written = await this.db.transaction(async () => {
      const names: string[] = [];
      for (const [name, value] of defaults) if (await this.options.addIfAbsent(name, value)) names.push(name);
      // A home this seeding guessed (no SITE_URL) is not the site's address: links follow the request.
      if (names.includes('home') && !this.config.siteUrl && (await this.options.addIfAbsent(HOME_FOLLOWS_REQUEST, '1'))) names.push(HOME_FOLLOWS_REQUEST);
      return names;
    });
    if (written.length) this.logger.log(`Seeded site options: ${written.join(', ')}`);
  }

  /**
   * Roles are seeded only on a fresh site: on an existing one, a resource added since has no
   * capabilities, and its writes answer a bare 403 (`Allow: GET`) to every role. Says which ones
   * are missing, per resource and role, and the command that grants them (`roles:grant`).
   */
  private async warnOfMissingCapabilities(): Promise<void> {
    const stored = await this.options.get<RoleMap>(`${this.config.tablePrefix}user_roles`);
    if (!stored || typeof stored !== 'object') return;
    const missing = missingResourceCapabilities(stored);
    if (!missing.length) return;
    const list = missing.map(({ resource, role, capabilities }) => `${resource}: ${role} lacks ${capabilities.join(', ')}`).join('; ');
    this.logger.warn(
      `The stored roles lack capabilities of declared resources, so those writes answer 403 (${list}). ` +
        'Grant them once with `npm run cli -- roles:grant` (running instances see the grant on their next request).',
    );
  }

  /**
   * Quick start without configuration: a database with no user at all gets an `admin` whose random
   * application password is printed once on the console (only its hash is stored; it is not logged).
   */
  private async firstRunAdmin(): Promise<void> {
    if ((await this.users.list()).length > 0) return;
    const id = await this.users.create({
      login: 'admin',
      email: 'admin@localhost',
      role: 'administrator',
    });
    const { plain } = await this.users.addApplicationPassword(id, 'first-run');
    process.stdout.write(
      `\nFirst run: created the administrator "admin" with the application password\n\n    ${plain}\n\n` +
        'Use it with HTTP Basic auth (curl -u admin:PASSWORD ...). It is shown only this once;\n' +
        'make more with `npm run cli -- app-passwords:create --login admin`.\n\n',
    );
  }
}
