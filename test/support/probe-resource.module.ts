import { Module } from '@nestjs/common';
import { postTypeRoleCapabilities } from '../../src/auth/default-roles';
import { defineResource } from '../../src/resources/resource-declaration';
import { Resource } from '../../src/resources/resource.decorator';

/** The capability base of the probe resource: what a team's new resource would add to every role. */
export const PROBE_CAPABILITY_BASE = 'probe_gadgets';

/**
 * One more resource, declared as a team would add one (docs/architecture.md "Adding a resource"): it
 * only brings capabilities for the roles, so a test mounting it shows what a suite of others' code
 * does when the registry grows. Importing this file registers it for the whole test file.
 */
@Resource(defineResource({ namespace: 'probe/v1', collection: 'gadgets', roleCapabilities: postTypeRoleCapabilities(PROBE_CAPABILITY_BASE) }))
@Module({})
export class ProbeResourceModule {}
