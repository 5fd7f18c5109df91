import { RestError } from '../reasons/rest-error';
import { Caller, hasAll, isAuthenticated } from '../wordpress/caller';

/**
 * Stage-6 permission check of the WordPress pipeline: called by handlers after their parameters
 * were validated, so bad input is reported before a missing permission.
 */
export function requireCapabilities(caller: Caller, ...capabilities: string[]): void {
  if (!hasAll(caller, ...capabilities)) throw RestError.forbidden(isAuthenticated(caller));
}

export function requirePermission(caller: Caller, allowed: boolean): void {
  if (!allowed) throw RestError.forbidden(isAuthenticated(caller));
}
