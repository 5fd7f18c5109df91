import type { ModuleCatalogs } from '../../../src/i18n/catalogs';

/** Every argument description in every language the service ships (test/e2e/i18n-catalogs.e2e-spec.ts checks it). */
export const SERIES_CATALOGS: ModuleCatalogs = {
  fr: {
    'SeriesListArgs.page': 'La page de résultats à renvoyer',
    'SeriesListArgs.per_page': 'Le nombre de séries par page',
    'SeriesArgs.title': 'Titre de la série',
    'SeriesArgs.description': 'Description de la série',
    'SeriesArgs.status': 'Statut de publication de la série',
  },
  de: {
    'SeriesListArgs.page': 'Zurückzugebende Ergebnisseite',
    'SeriesListArgs.per_page': 'Anzahl der Reihen pro Seite',
    'SeriesArgs.title': 'Titel der Reihe',
    'SeriesArgs.description': 'Beschreibung der Reihe',
    'SeriesArgs.status': 'Veröffentlichungsstatus der Reihe',
  },
  es: {
    'SeriesListArgs.page': 'Página de resultados que se devuelve',
    'SeriesListArgs.per_page': 'Número de series por página',
    'SeriesArgs.title': 'Título de la serie',
    'SeriesArgs.description': 'Descripción de la serie',
    'SeriesArgs.status': 'Estado de publicación de la serie',
  },
  it: {
    'SeriesListArgs.page': 'Pagina di risultati da restituire',
    'SeriesListArgs.per_page': 'Numero di serie per pagina',
    'SeriesArgs.title': 'Titolo della serie',
    'SeriesArgs.description': 'Descrizione della serie',
    'SeriesArgs.status': 'Stato di pubblicazione della serie',
  },
};
