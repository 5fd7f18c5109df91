/**
 * What other resource folders may use of src/linked-posts/ (docs/architecture.md "Layers": a resource is
 * imported by another only through its index; `npm run lint` enforces it).
 */
export * from './args';
export * from './embedding';
export * from './json-ld';
export * from './linked-input.resolver';
export * from './linked-list.cache';
export * from './linked-post-type';
export * from './linked-post.resource';
export * from './linked-post.writer';
export * from './linked-posts.inline';
export * from './linked-posts.module';
export * from './linked-posts.service';
export * from './list-args';
export * from './truthy';
export * from './linked-post.loader';
