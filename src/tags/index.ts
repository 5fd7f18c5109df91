/**
 * What other resource folders may use of src/tags/ (docs/architecture.md "Layers": a resource is
 * imported by another only through its index; `npm run lint` enforces it).
 */
export * from './tags.taxonomy';
