/**
 * What other resource folders may use of src/venues/ (docs/architecture.md "Layers": a resource is
 * imported by another only through its index; `npm run lint` enforces it).
 */
export * from './geo/geo-area';
export * from './repository/venue-geo.repository';
export * from './venue-args';
export * from './venue-geo.index';
export * from './venue.response';
export * from './venue.type';
export * from './venues.module';
export * from './venues.service';
