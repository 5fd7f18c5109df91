import { Language, SOURCE_LANGUAGE } from './languages';
import de from './catalogs/de';
import es from './catalogs/es';
import fr from './catalogs/fr';
import it from './catalogs/it';

/** Translations by catalog key; English comes from the source texts (DTO descriptions, DOC_TEXTS). */
export type Catalog = Record<string, string>;

const CATALOGS: Record<Exclude<Language, 'en'>, Catalog> = { fr: { ...fr }, de: { ...de }, es: { ...es }, it: { ...it } };

/**
 * Adds a module's own translations (for a module that keeps its catalog beside its code rather than
 * in src/i18n/catalogs). Call it at import time of the module file, before the app boots.
 */
export function registerCatalogs(entries: Partial<Record<Exclude<Language, 'en'>, Catalog>>): void {
  for (const [language, catalog] of Object.entries(entries) as [Exclude<Language, 'en'>, Catalog][]) Object.assign(CATALOGS[language], catalog);
}

export function catalogOf(language: Exclude<Language, 'en'>): Readonly<Catalog> {
  return CATALOGS[language];
}

/** Looks a text up by key; the English source text when the language is English or lacks the key. */
export type Translate = (key: string | undefined, english: string) => string;

export function translator(language: Language): Translate {
  if (language === SOURCE_LANGUAGE) return (_key, english) => english;
  const catalog = CATALOGS[language as Exclude<Language, 'en'>];
  return (key, english) => (key !== undefined && catalog[key]) || english;
}
