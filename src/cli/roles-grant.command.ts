import type { INestApplicationContext } from '@nestjs/common';
import { RoleMap } from '../auth/capabilities';
import { CredentialCache } from '../auth/credential-cache.service';
import { grantResourceCapabilities } from '../auth/default-roles';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { OptionsStore } from '../wordpress/options.store';

export const ROLES_GRANT_USAGE = `  roles:grant
        gives the site's roles the capabilities of every resource this build declares that they lack
        (after adding a resource, on a database that already has its roles); never removes a grant`;

/**
 * `roles:grant`: roles are seeded only on a fresh site, so a resource added later has no capabilities
 * on an existing database. Adds what each stored role lacks (grantResourceCapabilities), in one
 * transaction that bumps the data version; running it again changes nothing. A running service sees
 * the new roles on its next request, credentials it remembers included: the data version shows it a
 * write of roles, which retires them (credential-cache.service.ts).
 */
export async function runRolesGrant(app: Pick<INestApplicationContext, 'get'>, print: (line: string) => void): Promise<void> {
  const options = app.get(OptionsStore, { strict: false });
  const name = `${app.get(AppConfig, { strict: false }).tablePrefix}user_roles`;
  const added = await app.get(DatabaseService, { strict: false }).transaction(async () => {
    const stored = await options.get<RoleMap>(name);
    if (!stored || typeof stored !== 'object') return undefined;
    const grant = grantResourceCapabilities(stored);
    if (Object.keys(grant.added).length) await options.set(name, grant.roles);
    return grant.added;
  });
  if (!added) return print(`No option ${name}: the roles are seeded with every capability when the service starts.`);
  const roles = Object.entries(added);
  if (!roles.length) return print('Every role already has the capabilities of the declared resources: nothing changed.');
  // Callers this process remembers with their old capabilities (other processes learn it from the data version).
  app.get(CredentialCache, { strict: false }).clear();
  for (const [role, capabilities] of roles) print(`${role}: +${capabilities.length} (${capabilities.join(', ')})`);
}
