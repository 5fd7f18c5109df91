import { Injectable, Logger } from '@nestjs/common';
import { defaultUserRoles } from '../auth/default-roles';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { HOME_FOLLOWS_REQUEST, OptionsStore } from './options.store';

/**
 * Gives a fresh database the options a WordPress site always has (contract storage.md §13).
 * Only absent options are written: an existing WordPress site keeps its own settings.
 */
@Injectable()
export class SiteSeeder {
  private readonly logger = new Logger('SiteSeeder');

  constructor(
    private readonly options: OptionsStore,
    private readonly db: DatabaseService,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<void> {
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
    const written = await this.db.transaction(async () => {
      const names: string[] = [];
      for (const [name, value] of defaults) if (await this.options.addIfAbsent(name, value)) names.push(name);
      // A home this seeding guessed (no SITE_URL) is not the site's address: links follow the request.
      if (names.includes('home') && !this.config.siteUrl && (await this.options.addIfAbsent(HOME_FOLLOWS_REQUEST, '1'))) names.push(HOME_FOLLOWS_REQUEST);
      return names;
    });
    if (written.length) this.logger.log(`Seeded site options: ${written.join(', ')}`);
  }
}
