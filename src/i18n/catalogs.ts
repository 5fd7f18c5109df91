import { Language, SOURCE_LANGUAGE } from './languages';
import de from './catalogs/de';
import es from './catalogs/es';
import fr from './catalogs/fr';
import it from './catalogs/it';

/** Translations by catalog key; English comes from the source texts (DTO descriptions, DOC_TEXTS). */
export type Catalog = Record<string, string>;
export type TranslatedLanguage = Exclude<Language, 'en'>;
/** A module's translations, by language. */
export type ModuleCatalogs = Readonly<Partial<Record<TranslatedLanguage, Catalog>>>;

/** The shared texts (src/i18n/catalogs), then each module's own entries as it registers them. */
const CATALOGS: Record<TranslatedLanguage, Catalog> = { fr: { ...fr }, de: { ...de }, es: { ...es }, it: { ...it } };

/**
 * Adds a module's own translations, kept beside its code: a resource declares them (`catalogs` of
 * its declaration), a shared module with argument classes of its own uses @Catalogs.
 */
export function registerCatalogs(entries: ModuleCatalogs): void {
  for (const [language, catalog] of Object.entries(entries) as [TranslatedLanguage, Catalog][]) Object.assign(CATALOGS[language], catalog);
}

/** Registers a module's translations when its class is defined: `@Catalogs({ fr: {...}, ... }) @Module(...)`. */
export function Catalogs(entries: ModuleCatalogs): ClassDecorator {
  registerCatalogs(entries);
  return () => undefined;
}

export function catalogOf(language: TranslatedLanguage): Readonly<Catalog> {
  return CATALOGS[language];
}

/** Looks a text up by key; the English source text when the language is English or lacks the key. */
export type Translate = (key: string | undefined, english: string) => string;

export function translator(language: Language): Translate {
  if (language === SOURCE_LANGUAGE) return (_key, english) => english;
  const catalog = CATALOGS[language as TranslatedLanguage];
  return (key, english) => (key !== undefined && catalog[key]) || english;
}
