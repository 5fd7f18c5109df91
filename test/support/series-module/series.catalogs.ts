import type { ModuleCatalogs } from '../../../src/i18n/catalogs';

/**
 * Every argument description in every language the service ships (test/e2e/i18n-catalogs.e2e-spec.ts
 * checks it). Written by `npm run generate`: the resource's name is left in English, to be translated.
 */
export const SERIES_CATALOGS: ModuleCatalogs = {
  fr: {
    'SeriesListArgs.page': 'La page de résultats à renvoyer',
    'SeriesListArgs.per_page': 'Le nombre d’éléments par page (series)',
    'SeriesArgs.title': 'Titre (series)',
    'SeriesArgs.description': 'Description (series)',
    'SeriesArgs.status': 'Statut de publication (series)',
  },
  de: {
    'SeriesListArgs.page': 'Zurückzugebende Ergebnisseite',
    'SeriesListArgs.per_page': 'Anzahl der Einträge pro Seite (series)',
    'SeriesArgs.title': 'Titel (series)',
    'SeriesArgs.description': 'Beschreibung (series)',
    'SeriesArgs.status': 'Veröffentlichungsstatus (series)',
  },
  es: {
    'SeriesListArgs.page': 'Página de resultados que se devuelve',
    'SeriesListArgs.per_page': 'Número de elementos por página (series)',
    'SeriesArgs.title': 'Título (series)',
    'SeriesArgs.description': 'Descripción (series)',
    'SeriesArgs.status': 'Estado de publicación (series)',
  },
  it: {
    'SeriesListArgs.page': 'Pagina di risultati da restituire',
    'SeriesListArgs.per_page': 'Numero di elementi per pagina (series)',
    'SeriesArgs.title': 'Titolo (series)',
    'SeriesArgs.description': 'Descrizione (series)',
    'SeriesArgs.status': 'Stato di pubblicazione (series)',
  },
};
