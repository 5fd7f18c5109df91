/**
 * French catalog, by key: `<DtoClass>.<argument>` (or an explicit i18nKey) for argument descriptions,
 * `doc.*` for the /doc texts. Only the shared texts live here: each module declares its own entries
 * beside its code (docs/architecture.md "Adding a resource"); test/e2e/i18n-catalogs.e2e-spec.ts fails when a key
 * is missing.
 */
const catalog: Record<string, string> = {
  // The namespace index and the shared path arguments
  'NamespaceIndexArgs.namespace': 'Espace de noms à décrire',
  'NamespaceIndexArgs.context': 'Portée de la description',
  'RecordIdArgs.id': 'Identifiant de l’enregistrement',
  'RecordSlugArgs.slug': 'Slug de l’enregistrement',
  // /doc texts
  'doc.title': 'API REST de The Events Calendar',
  'doc.description': 'Consultez et gérez les évènements, lieux, organisateurs, catégories et étiquettes de The Events Calendar.',
  'doc.responses.doc.200': 'Le présent document OpenAPI',
  'doc.responses.list.200': 'La page d’enregistrements demandée',
  'doc.responses.list.400': 'Un paramètre est manquant ou invalide',
  'doc.responses.list.404': 'La page demandée n’existe pas',
  'doc.responses.get.200': 'L’enregistrement demandé',
  'doc.responses.get.400': 'Un paramètre est manquant ou invalide',
  'doc.responses.get.403': 'L’enregistrement existe mais l’appelant n’a pas le droit de le lire',
  'doc.responses.get.404': 'Aucun enregistrement ne correspond',
  'doc.responses.post.200': 'L’enregistrement, mis à jour',
  'doc.responses.post.201': 'L’enregistrement, créé',
  'doc.responses.post.400': 'Un paramètre est manquant ou invalide',
  'doc.responses.post.403': 'L’appelant n’a pas le droit de modifier cet enregistrement',
  'doc.responses.delete.200': 'L’enregistrement, placé dans la corbeille (termes : supprimé)',
  'doc.responses.delete.400': 'Un paramètre est manquant ou invalide',
  'doc.responses.delete.403': 'L’appelant n’a pas le droit de supprimer cet enregistrement',
  'doc.responses.delete.410': 'L’enregistrement est déjà dans la corbeille',
  'doc.responses.delete.500': 'L’enregistrement n’a pas pu être supprimé',
};

export default catalog;
