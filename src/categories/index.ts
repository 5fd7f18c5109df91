/**
 * What other resource folders may use of src/categories/ (docs/architecture.md "Layers": a resource is
 * imported by another only through its index; `npm run lint` enforces it).
 */
export * from './categories.taxonomy';
