import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { I18nService } from '../i18n/i18n.service';
import { SiteClockService } from '../wordpress/site-clock';
import { SiteService } from '../wordpress/site.service';
import { DescribeContext } from './namespace-index';

export interface RequestDescribeContext extends DescribeContext {
  /** PUBLIC_BASE: SITE_URL, else the `home` option, else the request origin. */
  publicBase: string;
  /** `{PUBLIC_BASE}{REST_ROOT}/{NS_ROOT}/events/v1`. */
  restBase: string;
}

/** Builds, per request, what route descriptions depend on: site facts, language, base URLs. */
@Injectable()
export class DescribeContextFactory {
  constructor(
    private readonly site: SiteService,
    private readonly clock: SiteClockService,
    private readonly config: AppConfig,
    private readonly i18n: I18nService,
  ) {}

  async forRequest(req: Request): Promise<RequestDescribeContext> {
    const origin = `${req.protocol}://${req.get('host')}`;
    const [publicBase, clock, perPage, t] = await Promise.all([
      this.site.publicBase(origin),
      this.clock.clock(),
      this.site.defaultPerPage(),
      this.i18n.translatorFor(req),
    ]);
    return {
      site: { now: new Date(), timezone: clock.timezone, perPage: String(perPage), namespace: this.config.namespacePath.slice(1) },
      t,
      publicBase,
      restRoot: `${publicBase}${this.config.restRoot}`,
      restBase: `${publicBase}${this.config.restRoot}${this.config.namespacePath}`,
    };
  }
}
