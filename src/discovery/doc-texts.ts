/**
 * English source of the /doc texts that are not argument descriptions, by catalog key. Every catalog
 * in src/i18n/catalogs translates each of them.
 */
export const DOC_TEXTS = {
  'doc.title': 'The Events Calendar REST API',
  'doc.description': 'Read and manage the events, venues, organizers, categories and tags of The Events Calendar.',
  'doc.responses.doc.200': 'This OpenAPI document',
  'doc.responses.list.200': 'The requested page of records',
  'doc.responses.list.400': 'A parameter is missing or invalid',
  'doc.responses.list.404': 'The requested page does not exist',
  'doc.responses.get.200': 'The requested record',
  'doc.responses.get.400': 'A parameter is missing or invalid',
  'doc.responses.get.403': 'The record exists but may not be read by the caller',
  'doc.responses.get.404': 'No record matches',
  'doc.responses.post.200': 'The record, updated',
  'doc.responses.post.201': 'The record, created',
  'doc.responses.post.400': 'A parameter is missing or invalid',
  'doc.responses.post.403': 'The caller may not write this record',
  'doc.responses.delete.200': 'The record, moved to the trash (terms: deleted)',
  'doc.responses.delete.400': 'A parameter is missing or invalid',
  'doc.responses.delete.403': 'The caller may not delete this record',
  'doc.responses.delete.410': 'The record is already in the trash',
  'doc.responses.delete.500': 'The record could not be deleted',
} as const;

export type DocTextKey = keyof typeof DOC_TEXTS;
