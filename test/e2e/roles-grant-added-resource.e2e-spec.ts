import { postTypeRoleCapabilities } from '../../src/auth/default-roles';
import { PROBE_CAPABILITY_BASE, ProbeResourceModule } from '../support/probe-resource.module';
import { describeRolesGrant } from '../support/roles-grant-scenario';

/**
 * A team adds a resource (issue #31): the roles:grant suite, written for the example resource, still
 * holds — and the new resource's capabilities are granted beside the example's.
 */
const { firstGrant } = describeRolesGrant([ProbeResourceModule]);

describe('roles:grant with one more resource mounted', () => {
  it('granted the added resource’s capabilities too', () => {
    const probe = postTypeRoleCapabilities(PROBE_CAPABILITY_BASE);
    expect(firstGrant.administrator).toEqual(expect.arrayContaining(probe.administrator));
    expect(firstGrant.editor).toEqual(expect.arrayContaining(probe.editor));
    expect(firstGrant.author).toEqual(expect.arrayContaining(probe.author));
    expect(firstGrant.contributor).toEqual(expect.arrayContaining(probe.contributor));
  });
});
