import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OptionsStore } from './options.store';

/** Site-wide facts derived from configuration and the WordPress options. */
@Injectable()
export class SiteService {
  constructor(
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * PUBLIC_BASE of the contract: SITE_URL when configured (the service's own public address), else the
   * WordPress `home` option, else the origin the request came to.
   */
  async publicBase(requestOrigin: string): Promise<string> {
    if (this.config.siteUrl) return this.config.siteUrl;
    const home = await this.options.get<string>('home');
    return typeof home === 'string' && home ? home.replace(/\/+$/, '') : requestOrigin;
  }

  /** `{PUBLIC_BASE}{REST_ROOT}/{NS_ROOT}/events/v1` — never with the language prefix. */
  async restBase(requestOrigin: string): Promise<string> {
    return `${await this.publicBase(requestOrigin)}${this.config.restRoot}${this.config.namespacePath}`;
  }
}
