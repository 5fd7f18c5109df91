/**
 * What other resource folders may use of src/terms/ (docs/architecture.md "Layers": a resource is
 * imported by another only through its index; `npm run lint` enforces it).
 */
export * from './dto/term-list.args';
export * from './dto/term-write.args';
export * from './term-links';
export * from './term-shapes';
export * from './term-taxonomy';
export * from './term.resource';
export * from './term.response';
export * from './terms.module';
export * from './terms.service';
