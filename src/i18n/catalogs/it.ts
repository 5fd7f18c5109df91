/**
 * Italian catalog, by key: `<DtoClass>.<argument>` (or an explicit i18nKey) for argument descriptions,
 * `doc.*` for the /doc texts. Only the shared texts live here: each module declares its own entries
 * beside its code (docs/architecture.md "Adding a resource"); test/e2e/i18n-catalogs.e2e-spec.ts fails when a key
 * is missing.
 */
const catalog: Record<string, string> = {
  // The namespace index and the shared path arguments
  'NamespaceIndexArgs.namespace': 'Namespace da descrivere',
  'NamespaceIndexArgs.context': 'Ambito della descrizione',
  'RecordIdArgs.id': 'Identificativo del record',
  'RecordSlugArgs.slug': 'Slug del record',
  // /doc texts
  'doc.title': 'API REST di The Events Calendar',
  'doc.description': 'Consultare e gestire eventi, luoghi, organizzatori, categorie e tag di The Events Calendar.',
  'doc.responses.doc.200': 'Questo documento OpenAPI',
  'doc.responses.list.200': 'La pagina di record richiesta',
  'doc.responses.list.400': 'Un parametro manca o non è valido',
  'doc.responses.list.404': 'La pagina richiesta non esiste',
  'doc.responses.get.200': 'Il record richiesto',
  'doc.responses.get.400': 'Un parametro manca o non è valido',
  'doc.responses.get.403': 'Il record esiste ma il chiamante non può leggerlo',
  'doc.responses.get.404': 'Nessun record corrispondente',
  'doc.responses.post.200': 'Il record, aggiornato',
  'doc.responses.post.201': 'Il record, creato',
  'doc.responses.post.400': 'Un parametro manca o non è valido',
  'doc.responses.post.403': 'Il chiamante non può modificare questo record',
  'doc.responses.delete.200': 'Il record, spostato nel cestino (termini: eliminato)',
  'doc.responses.delete.400': 'Un parametro manca o non è valido',
  'doc.responses.delete.403': 'Il chiamante non può eliminare questo record',
  'doc.responses.delete.410': 'Il record è già nel cestino',
  'doc.responses.delete.500': 'Non è stato possibile eliminare il record',
};

export default catalog;
