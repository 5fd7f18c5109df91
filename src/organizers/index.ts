/**
 * What other resource folders may use of src/organizers/ (docs/architecture.md "Layers": a resource is
 * imported by another only through its index; `npm run lint` enforces it).
 */
export * from './organizer-args';
export * from './organizer.response';
export * from './organizer.type';
export * from './organizers.module';
export * from './organizers.service';
