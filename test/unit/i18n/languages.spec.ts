import { catalogOf, translator } from '../../../src/i18n/catalogs';
import { acceptedLanguages, LANGUAGES, resolveLanguage, supportedLanguage } from '../../../src/i18n/languages';
// The modules register their own catalog entries when they are defined.
import '../../../src/app/app.module';

describe('the request language', () => {
  it('reads a prefix, a locale or a bare language tag', () => {
    expect(supportedLanguage('fr')).toBe('fr');
    expect(supportedLanguage('de_DE')).toBe('de');
    expect(supportedLanguage('ES-mx')).toBe('es');
    expect(supportedLanguage('pt')).toBeUndefined();
  });

  it('orders Accept-Language ranges by quality, dropping q=0 and *', () => {
    expect(acceptedLanguages('pt;q=0.9, it, de;q=0.95, *;q=0.1, fr;q=0')).toEqual(['it', 'de', 'pt']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('takes the prefix first, then Accept-Language, then the site default', () => {
    expect(resolveLanguage('it', 'de', 'fr_FR')).toBe('it');
    expect(resolveLanguage(undefined, 'pt, de;q=0.8', 'fr_FR')).toBe('de');
    expect(resolveLanguage(undefined, undefined, 'fr_FR')).toBe('fr');
    expect(resolveLanguage(undefined, undefined, undefined)).toBe('en');
  });

  it('falls back to English for an unknown language', () => {
    expect(resolveLanguage('xx', 'de', undefined)).toBe('en');
    expect(resolveLanguage(undefined, 'pt, ja', 'de_DE')).toBe('en');
    expect(resolveLanguage(undefined, undefined, 'ja')).toBe('en');
  });
});

describe('the catalogs', () => {
  const translated = LANGUAGES.filter((l) => l !== 'en');

  it('share one set of keys, each with a text of its own', () => {
    const keys = Object.keys(catalogOf('fr')).sort();
    expect(keys.length).toBeGreaterThan(100);
    for (const language of translated) {
      const catalog = catalogOf(language);
      expect(Object.keys(catalog).sort()).toEqual(keys);
      for (const key of keys) expect(catalog[key].trim()).not.toBe('');
    }
  });

  it('are translations, not copies of each other', () => {
    const texts = (language: (typeof translated)[number]) => Object.values(catalogOf(language));
    for (const a of translated)
      for (const b of translated)
        if (a < b) {
          const same = texts(a).filter((text, i) => text === texts(b)[i]);
          expect(same.length).toBeLessThan(texts(a).length / 10);
        }
  });

  it('translate by key and fall back to the English source text', () => {
    expect(translator('de')('TermCreateArgs.name', 'The term name.')).toBe('Name des Begriffs.');
    expect(translator('de')('Unknown.key', 'English')).toBe('English');
    expect(translator('en')('TermCreateArgs.name', 'The term name.')).toBe('The term name.');
  });
});
