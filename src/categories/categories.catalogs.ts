import type { ModuleCatalogs } from '../i18n/catalogs';

/** Translations of the `parent` arguments only categories have (`HierarchicalTerm*Args`). */
export const CATEGORIES_CATALOGS: ModuleCatalogs = {
  fr: {
    'HierarchicalTermListArgs.parent': 'Ne renvoyer que les enfants directs de cette catégorie (0 : premier niveau).',
    'HierarchicalTermCreateArgs.parent': 'ID de la catégorie parente (0 : premier niveau).',
    'HierarchicalTermUpdateArgs.parent': 'ID de la catégorie parente (0 : premier niveau).',
  },
  de: {
    'HierarchicalTermListArgs.parent': 'Nur die direkten Unterkategorien dieser Kategorie (0: oberste Ebene).',
    'HierarchicalTermCreateArgs.parent': 'ID der übergeordneten Kategorie (0: oberste Ebene).',
    'HierarchicalTermUpdateArgs.parent': 'ID der übergeordneten Kategorie (0: oberste Ebene).',
  },
  es: {
    'HierarchicalTermListArgs.parent': 'Devolver solo las subcategorías directas de esta categoría (0: nivel superior).',
    'HierarchicalTermCreateArgs.parent': 'ID de la categoría superior (0: nivel superior).',
    'HierarchicalTermUpdateArgs.parent': 'ID de la categoría superior (0: nivel superior).',
  },
  it: {
    'HierarchicalTermListArgs.parent': 'Restituire solo le sottocategorie dirette di questa categoria (0: primo livello).',
    'HierarchicalTermCreateArgs.parent': 'ID della categoria genitore (0: primo livello).',
    'HierarchicalTermUpdateArgs.parent': 'ID della categoria genitore (0: primo livello).',
  },
};
