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
    if (!adminUser || !adminPassword) return;
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
}
