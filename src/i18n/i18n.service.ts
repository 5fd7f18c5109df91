import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OptionsStore } from '../wordpress/options.store';
import { Translate, translator } from './catalogs';
import { Language, resolveLanguage } from './languages';
import { RestRequest } from '../rest/request-context';

/** The language of a request and its translator. */
@Injectable()
export class I18nService {
  constructor(private readonly options: OptionsStore) {}

  /**
   * Prefix, then Accept-Language, then the site language (WordPress option `WPLANG`, e.g. `fr_FR`).
   * Without a prefix the answer depends on Accept-Language, so it says so to shared caches (CDNs).
   */
  async languageOf(req: Request): Promise<Language> {
    const prefix = (req as RestRequest).restLanguage;
    const header = req.get('accept-language');
    if (!prefix) req.res?.vary('Accept-Language');
    if (prefix || header) return resolveLanguage(prefix, header, undefined);
    const site = await this.options.get<string>('WPLANG');
    return resolveLanguage(undefined, undefined, typeof site === 'string' ? site : undefined);
  }

  async translatorFor(req: Request): Promise<Translate> {
    return translator(await this.languageOf(req));
  }
}
