/**
 * German catalog, by key: `<DtoClass>.<argument>` (or an explicit i18nKey) for argument descriptions,
 * `doc.*` for the /doc texts. Only the shared texts live here: each module declares its own entries
 * beside its code (docs/architecture.md "Adding a resource"); test/e2e/i18n-catalogs.e2e-spec.ts fails when a key
 * is missing.
 */
const catalog: Record<string, string> = {
  // The namespace index and the shared path arguments
  'NamespaceIndexArgs.namespace': 'Zu beschreibender Namensraum',
  'NamespaceIndexArgs.context': 'Umfang der Beschreibung',
  'RecordIdArgs.id': 'ID des Datensatzes',
  'RecordSlugArgs.slug': 'Slug des Datensatzes',
  // /doc texts
  'doc.title': 'REST-API von The Events Calendar',
  'doc.description': 'Veranstaltungen, Veranstaltungsorte, Veranstalter, Kategorien und Schlagwörter von The Events Calendar abrufen und verwalten.',
  'doc.responses.doc.200': 'Dieses OpenAPI-Dokument',
  'doc.responses.list.200': 'Die angeforderte Seite mit Einträgen',
  'doc.responses.list.400': 'Ein Parameter fehlt oder ist ungültig',
  'doc.responses.list.404': 'Die angeforderte Seite existiert nicht',
  'doc.responses.get.200': 'Der angeforderte Eintrag',
  'doc.responses.get.400': 'Ein Parameter fehlt oder ist ungültig',
  'doc.responses.get.403': 'Der Eintrag existiert, darf vom Aufrufer aber nicht gelesen werden',
  'doc.responses.get.404': 'Kein passender Eintrag gefunden',
  'doc.responses.post.200': 'Der aktualisierte Eintrag',
  'doc.responses.post.201': 'Der neu angelegte Eintrag',
  'doc.responses.post.400': 'Ein Parameter fehlt oder ist ungültig',
  'doc.responses.post.403': 'Der Aufrufer darf diesen Eintrag nicht bearbeiten',
  'doc.responses.delete.200': 'Der in den Papierkorb verschobene Eintrag (Begriffe: gelöscht)',
  'doc.responses.delete.400': 'Ein Parameter fehlt oder ist ungültig',
  'doc.responses.delete.403': 'Der Aufrufer darf diesen Eintrag nicht löschen',
  'doc.responses.delete.410': 'Der Eintrag liegt bereits im Papierkorb',
  'doc.responses.delete.500': 'Der Eintrag konnte nicht gelöscht werden',
};

export default catalog;
