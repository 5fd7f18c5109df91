import { catalogOf } from '../../src/i18n/catalogs';
import { LANGUAGES } from '../../src/i18n/languages';
import { DOC_TEXTS } from '../../src/discovery/doc-texts';
import { RouteTable } from '../../src/discovery/route-table';
import { OptionsStore } from '../../src/wordpress/options.store';
import { bumpCacheVersion } from '../support/data-version';
import { startTestApp, TestApp } from '../support/test-app';

const NS = '/wp-json/tribe/events/v1';

/**
 * What must be identical across languages: every `description` (and the /doc title, localisable too)
 * replaced by a placeholder, computed date defaults reduced to their minute.
 */
function withoutDescriptions(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutDescriptions(v));
  if (value && typeof value === 'object') {
    const isInfo = 'version' in value && 'title' in value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, (k === 'description' || (isInfo && k === 'title')) && typeof v === 'string' ? '…' : withoutDescriptions(v, k)]),
    );
  }
  // Date defaults are computed from the clock at each request: two requests may straddle a minute.
  if (key === 'default' && typeof value === 'string') return value.replace(/^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}(:\d{2})?$/, '$1');
  return value;
}

const indexDescription = (body: { routes: Record<string, { endpoints: { args: Record<string, { description: string }> }[] }> }, route: string, arg: string) =>
  body.routes[`/tribe/events/v1${route}`].endpoints[0].args[arg].description;

describe('translated descriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every catalog has every key the routes and /doc use, and no other', () => {
    const used = new Set<string>(Object.keys(DOC_TEXTS));
    for (const route of t.app.get(RouteTable).routes()) for (const e of route.endpoints) for (const a of e.args) used.add(a.spec.i18nKey!);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const catalog = catalogOf(language);
      expect({ language, missing: [...used].filter((key) => !catalog[key]) }).toEqual({ language, missing: [] });
      expect({ language, unused: Object.keys(catalog).filter((key) => !used.has(key)) }).toEqual({ language, unused: [] });
    }
  });

  it('follows the /{lang} prefix, then Accept-Language, then English', async () => {
    const english = (await t.http.get(NS).expect(200)).body;
    const french = (await t.http.get(`/fr${NS}`).expect(200)).body;
    const german = (await t.http.get(NS).set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.5').expect(200)).body;
    const prefixWins = (await t.http.get(`/it${NS}`).set('Accept-Language', 'de').expect(200)).body;
    const unknown = (await t.http.get(`/xx${NS}`).expect(200)).body;
    expect(indexDescription(english, '/venues', 'search')).toBe('Limit results to those matching a string');
    expect(indexDescription(french, '/venues', 'search')).toBe('Ne garder que les éléments contenant ce texte');
    expect(indexDescription(german, '/venues', 'search')).toBe('Nur Einträge, die diesen Text enthalten');
    expect(indexDescription(prefixWins, '/venues', 'search')).toBe('Solo gli elementi che contengono questo testo');
    expect(indexDescription(unknown, '/venues', 'search')).toBe('Limit results to those matching a string');
    const spanishDoc = (await t.http.get(`/es${NS}/doc`).expect(200)).body;
    expect(spanishDoc.info.title).toBe('API REST de The Events Calendar');
    expect(spanishDoc.paths['/tags'].get.parameters[0].description).toBe('Página de resultados que se devuelve.');
  });

  it('uses the site language (WPLANG) when the request names none', async () => {
    await t.app.get(OptionsStore).set('WPLANG', 'de_DE');
    await bumpCacheVersion(t);
    try {
      const body = (await t.http.get(NS).expect(200)).body;
      expect(indexDescription(body, '/tags', 'page')).toBe('Zurückzugebende Ergebnisseite.');
      expect(indexDescription((await t.http.get(NS).set('Accept-Language', 'en').expect(200)).body, '/tags', 'page')).toBe('The archive page to return.');
    } finally {
      await t.app.get(OptionsStore).set('WPLANG', '');
      await bumpCacheVersion(t);
    }
  });

  it('changes only descriptions: routes, arguments, data and headers are identical in every language', async () => {
    for (const path of [NS, `${NS}/doc`, '/wp-json/', `${NS}/venues`]) {
      const english = await t.http.get(path).expect(200);
      for (const language of LANGUAGES) {
        const other = await t.http.get(`/${language}${path}`).expect(200);
        // Payload URLs are canonical (OQ-7), so data is identical too.
        expect(withoutDescriptions(other.body)).toEqual(withoutDescriptions(english.body));
        expect(other.headers.link).toBe(english.headers.link);
        expect(other.headers.allow).toBe(english.headers.allow);
      }
    }
  });

  it('translates the Swagger document by Accept-Language', async () => {
    const doc = (await t.http.get('/docs-json').set('Accept-Language', 'fr').expect(200)).body;
    expect(doc.info.title).toBe('API REST de The Events Calendar');
    const list = doc.paths[`${NS}/categories`].get.parameters.find((p: { name: string }) => p.name === 'search');
    expect(list.description).toBe('Ne garder que les termes dont le nom ou le slug contient ce texte.');
    expect(doc.components.schemas.VenueCreateArgs.properties.city.description).toBe('Ville du lieu');
  });
});
