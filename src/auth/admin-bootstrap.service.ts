import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SiteSeeder } from '../wordpress/site-seeder';
import { UsersService } from './users.service';

/**
 * At start-up: seed the options of a fresh site, then make sure ADMIN_USER exists as an administrator
 * and that ADMIN_PASSWORD is one of its application passwords (contract auth-and-permissions.md §1.3).
 * Idempotent: nothing is written when both already hold.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly seeder: SiteSeeder,
    private readonly users: UsersService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seeder.seed();
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

  /**
   * Quick start without configuration: a database with no user at all gets an `admin` whose random
   * application password is printed once on the console (only its hash is stored; it is not logged).
   */
  private async firstRunAdmin(): Promise<void> {
    if ((await this.users.list()).length > 0) return;
    const id = await this.users.create({ login: 'admin', email: 'admin@localhost', role: 'administrator' });
    const { plain } = await this.users.addApplicationPassword(id, 'first-run');
    process.stdout.write(
      `\nFirst run: created the administrator "admin" with the application password\n\n    ${plain}\n\n` +
        'Use it with HTTP Basic auth (curl -u admin:PASSWORD ...). It is shown only this once;\n' +
        'make more with `npm run cli -- app-passwords:create --login admin`.\n\n',
    );
  }
}
