import type { ModuleCatalogs } from '../i18n/catalogs';

/** Translations of the imports' argument descriptions. */
export const IMPORTS_CATALOGS: ModuleCatalogs = {
  fr: {
    'ImportCreateArgs.format': 'Le format du fichier : déduit de son type, de son nom et de sa première ligne s’il est absent',
    'ImportCreateArgs.mapping': 'CSV seulement : la colonne du plugin de chaque autre en-tête, p. ex. {"Title": "Event Name", "Starts": "Event Start Date"}',
    'ImportCreateArgs.url': 'L’URL http, https ou webcal d’un flux iCalendar à importer (au lieu d’un fichier)',
    'ImportCreateArgs.status': 'Le statut des évènements créés (un évènement annulé est un brouillon)',
    'ImportListArgs.before': 'Renvoyer les imports antérieurs à cet ID (les plus récents d’abord)',
    'ImportListArgs.per_page': 'Le nombre maximal d’imports renvoyés',
  },
  de: {
    'ImportCreateArgs.format': 'Das Format der Datei: aus Typ, Name und erster Zeile ermittelt, wenn es fehlt',
    'ImportCreateArgs.mapping': 'Nur CSV: die Plugin-Spalte jeder anderen Kopfzeile, z. B. {"Title": "Event Name", "Starts": "Event Start Date"}',
    'ImportCreateArgs.url': 'Die http-, https- oder webcal-URL eines zu importierenden iCalendar-Feeds (statt einer Datei)',
    'ImportCreateArgs.status': 'Der Status der erstellten Veranstaltungen (eine abgesagte ist ein Entwurf)',
    'ImportListArgs.before': 'Die Importe vor dieser ID liefern (neueste zuerst)',
    'ImportListArgs.per_page': 'Höchstzahl der gelieferten Importe',
  },
  es: {
    'ImportCreateArgs.format': 'El formato del archivo: se deduce de su tipo, su nombre y su primera línea si falta',
    'ImportCreateArgs.mapping': 'Solo CSV: la columna del plugin de cada otro encabezado, p. ej. {"Title": "Event Name", "Starts": "Event Start Date"}',
    'ImportCreateArgs.url': 'La URL http, https o webcal de un feed iCalendar que se importa (en lugar de un archivo)',
    'ImportCreateArgs.status': 'El estado de los eventos creados (un evento cancelado es un borrador)',
    'ImportListArgs.before': 'Devolver las importaciones anteriores a este ID (las más recientes primero)',
    'ImportListArgs.per_page': 'El número máximo de importaciones que se devuelven',
  },
  it: {
    'ImportCreateArgs.format': 'Il formato del file: ricavato dal tipo, dal nome e dalla prima riga se assente',
    'ImportCreateArgs.mapping': 'Solo CSV: la colonna del plugin di ogni altra intestazione, ad es. {"Title": "Event Name", "Starts": "Event Start Date"}',
    'ImportCreateArgs.url': 'L’URL http, https o webcal di un feed iCalendar da importare (invece di un file)',
    'ImportCreateArgs.status': 'Lo stato degli eventi creati (un evento annullato è una bozza)',
    'ImportListArgs.before': 'Restituire le importazioni precedenti a questo ID (le più recenti prima)',
    'ImportListArgs.per_page': 'Il numero massimo di importazioni restituite',
  },
};
