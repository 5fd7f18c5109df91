import type { ModuleCatalogs } from '../i18n/catalogs';

/** Translations of the list arguments venues and organizers share (`LinkedListArgs`). */
export const LINKED_POSTS_CATALOGS: ModuleCatalogs = {
  fr: {
    'LinkedListArgs.page': 'Page de résultats à renvoyer',
    'LinkedListArgs.per_page': 'Nombre d’éléments par page',
    'LinkedListArgs.search': 'Ne garder que les éléments contenant ce texte',
    'LinkedListArgs.event': 'Ne garder que les éléments liés à cet évènement',
    'LinkedListArgs.has_events': 'Ne garder que les éléments qui ont des évènements (ou, si la valeur est fausse, qui n’en ont pas)',
    'LinkedListArgs.only_with_upcoming': 'Ne garder que les éléments qui ont des évènements à venir',
    'LinkedListArgs.status': 'Statuts acceptés (liste séparée par des virgules)',
  },
  de: {
    'LinkedListArgs.page': 'Zurückzugebende Ergebnisseite',
    'LinkedListArgs.per_page': 'Anzahl der Einträge pro Seite',
    'LinkedListArgs.search': 'Nur Einträge, die diesen Text enthalten',
    'LinkedListArgs.event': 'Nur Einträge, die mit dieser Veranstaltung verknüpft sind',
    'LinkedListArgs.has_events': 'Nur Einträge mit Veranstaltungen (bei falschem Wert: ohne Veranstaltungen)',
    'LinkedListArgs.only_with_upcoming': 'Nur Einträge mit bevorstehenden Veranstaltungen',
    'LinkedListArgs.status': 'Zulässige Status (kommagetrennte Liste)',
  },
  es: {
    'LinkedListArgs.page': 'Página de resultados que se devuelve',
    'LinkedListArgs.per_page': 'Número de registros por página',
    'LinkedListArgs.search': 'Solo los registros que contienen este texto',
    'LinkedListArgs.event': 'Solo los registros vinculados a este evento',
    'LinkedListArgs.has_events': 'Solo los registros con eventos (o, si el valor es falso, sin eventos)',
    'LinkedListArgs.only_with_upcoming': 'Solo los registros con eventos próximos',
    'LinkedListArgs.status': 'Estados admitidos (lista separada por comas)',
  },
  it: {
    'LinkedListArgs.page': 'Pagina di risultati da restituire',
    'LinkedListArgs.per_page': 'Numero di elementi per pagina',
    'LinkedListArgs.search': 'Solo gli elementi che contengono questo testo',
    'LinkedListArgs.event': 'Solo gli elementi collegati a questo evento',
    'LinkedListArgs.has_events': 'Solo gli elementi con eventi (o, se il valore è falso, senza eventi)',
    'LinkedListArgs.only_with_upcoming': 'Solo gli elementi con eventi in programma',
    'LinkedListArgs.status': 'Stati ammessi (elenco separato da virgole)',
  },
};
