import { ResourceDeclaration } from './resource-declaration';
import { registerResource } from './resource-registry';

/**
 * Declares the module's resource: `@Resource(VENUES_RESOURCE) @Module({...}) class VenuesModule {}`.
 * Registered when the class is defined, so the one import line in app.module.ts adds the resource
 * to the index, /doc, Swagger, `Allow`, the capability checks, the default roles and the catalogs.
 */
export function Resource(declaration: ResourceDeclaration): ClassDecorator {
  registerResource(declaration);
  return () => undefined;
}
