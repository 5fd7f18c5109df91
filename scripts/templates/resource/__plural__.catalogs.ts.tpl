import type { ModuleCatalogs } from '__SRC__/i18n/catalogs';

/**
 * Every argument description in every language the service ships (test/e2e/i18n-catalogs.e2e-spec.ts
 * checks it). Written by `npm run generate`: the resource's name is left in English, to be translated.
 */
export const __PLURAL___CATALOGS: ModuleCatalogs = {
  fr: {
    '__Singular__ListArgs.page': 'La page de résultats à renvoyer',
    '__Singular__ListArgs.per_page': 'Le nombre d’éléments par page (__plural__)',
    '__Singular__Args.title': 'Titre (__singular__)',
    '__Singular__Args.description': 'Description (__singular__)',
    '__Singular__Args.status': 'Statut de publication (__singular__)',
  },
  de: {
    '__Singular__ListArgs.page': 'Zurückzugebende Ergebnisseite',
    '__Singular__ListArgs.per_page': 'Anzahl der Einträge pro Seite (__plural__)',
    '__Singular__Args.title': 'Titel (__singular__)',
    '__Singular__Args.description': 'Beschreibung (__singular__)',
    '__Singular__Args.status': 'Veröffentlichungsstatus (__singular__)',
  },
  es: {
    '__Singular__ListArgs.page': 'Página de resultados que se devuelve',
    '__Singular__ListArgs.per_page': 'Número de elementos por página (__plural__)',
    '__Singular__Args.title': 'Título (__singular__)',
    '__Singular__Args.description': 'Descripción (__singular__)',
    '__Singular__Args.status': 'Estado de publicación (__singular__)',
  },
  it: {
    '__Singular__ListArgs.page': 'Pagina di risultati da restituire',
    '__Singular__ListArgs.per_page': 'Numero di elementi per pagina (__plural__)',
    '__Singular__Args.title': 'Titolo (__singular__)',
    '__Singular__Args.description': 'Descrizione (__singular__)',
    '__Singular__Args.status': 'Stato di pubblicazione (__singular__)',
  },
};
