/** Languages the descriptions are translated into; English is the source (the DTO descriptions). */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export const SOURCE_LANGUAGE: Language = 'en';

/** `fr`, `fr-FR`, `fr_FR`, `FR` → `fr`; anything unsupported → undefined. */
export function supportedLanguage(tag: string | undefined | null): Language | undefined {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/** Language ranges of an `Accept-Language` header, best first (q=0 excluded, `*` ignored). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)).find(Boolean);
      return { range: range.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.range && r.range !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.range);
}

/**
 * The language of a request's descriptions: the `/{lang}/wp-json` prefix, then `Accept-Language`, then
 * the site default. A prefix or header naming no supported language means English.
 */
export function resolveLanguage(prefix: string | undefined, acceptLanguage: string | undefined, siteDefault: string | undefined): Language {
  if (prefix) return supportedLanguage(prefix) ?? SOURCE_LANGUAGE;
  const accepted = acceptedLanguages(acceptLanguage);
  if (accepted.length) return accepted.map(supportedLanguage).find(Boolean) ?? SOURCE_LANGUAGE;
  return supportedLanguage(siteDefault) ?? SOURCE_LANGUAGE;
}
