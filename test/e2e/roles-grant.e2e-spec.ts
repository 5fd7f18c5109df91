import { describeRolesGrant } from '../support/roles-grant-scenario';

// The test app's resources: the production ones and the example (test/support/series-module).
describeRolesGrant();
