/**
 * Spanish catalog, by key: `<DtoClass>.<argument>` (or an explicit i18nKey) for argument descriptions,
 * `doc.*` for the /doc texts. Only the shared texts live here: each module declares its own entries
 * beside its code (docs/architecture.md "Adding a resource"); test/e2e/i18n-catalogs.e2e-spec.ts fails when a key
 * is missing.
 */
const catalog: Record<string, string> = {
  // The namespace index and the shared path arguments
  'NamespaceIndexArgs.namespace': 'Espacio de nombres que se describe',
  'NamespaceIndexArgs.context': 'Alcance de la descripción',
  'RecordIdArgs.id': 'Identificador del registro',
  'RecordSlugArgs.slug': 'Slug del registro',
  // /doc texts
  'doc.title': 'API REST de The Events Calendar',
  'doc.description': 'Consulte y gestione los eventos, lugares, organizadores, categorías y etiquetas de The Events Calendar.',
  'doc.responses.doc.200': 'Este documento OpenAPI',
  'doc.responses.list.200': 'La página de registros solicitada',
  'doc.responses.list.400': 'Falta un parámetro o no es válido',
  'doc.responses.list.404': 'La página solicitada no existe',
  'doc.responses.get.200': 'El registro solicitado',
  'doc.responses.get.400': 'Falta un parámetro o no es válido',
  'doc.responses.get.403': 'El registro existe, pero quien llama no puede leerlo',
  'doc.responses.get.404': 'Ningún registro coincide',
  'doc.responses.post.200': 'El registro, actualizado',
  'doc.responses.post.201': 'El registro, creado',
  'doc.responses.post.400': 'Falta un parámetro o no es válido',
  'doc.responses.post.403': 'Quien llama no puede modificar este registro',
  'doc.responses.delete.200': 'El registro, enviado a la papelera (términos: eliminado)',
  'doc.responses.delete.400': 'Falta un parámetro o no es válido',
  'doc.responses.delete.403': 'Quien llama no puede eliminar este registro',
  'doc.responses.delete.410': 'El registro ya está en la papelera',
  'doc.responses.delete.500': 'No se pudo eliminar el registro',
};

export default catalog;
