// First import: its resources are declared before the application's own modules are.
import { ThingsModule, ZetasModule } from '../support/mount-order-modules';
import type { Type } from '@nestjs/common';
import { startTestApp } from '../support/test-app';

/**
 * Issue #33 item 6: where a module is mounted (its place in the module list, the order its
 * declaration is read in) changes no answer. The namespaces: the plugin's, the service's `eca/v1`,
 * then the others alphabetically; in a namespace, the plugin's collections by their declared
 * position, the others alphabetically.
 */
describe('mounting order', () => {
  async function indexes(modules: Type[]) {
    const t = await startTestApp({ modules });
    try {
      const root = (await t.http.get('/wp-json/').expect(200)).body;
      const eca = (await t.http.get('/wp-json/eca/v1').expect(200)).body;
      const swagger = (await t.http.get('/docs-json').expect(200)).body;
      return { namespaces: root.namespaces, routes: Object.keys(root.routes), eca: Object.keys(eca.routes), paths: Object.keys(swagger.paths) };
    } finally {
      await t.close();
    }
  }

  it('changes neither the namespace order nor the route order of the indexes and Swagger', async () => {
    const after = await indexes([ThingsModule, ZetasModule]);
    const before = await indexes([ZetasModule, ThingsModule]);
    expect(before).toEqual(after);
    expect(after.namespaces).toEqual(['tribe/events/v1', 'eca/v1', 'aaa/v1', 'example/v1']);
    // Declared before the change feed's module, `zetas` still comes after the service's own collections.
    const groups = [...new Set(after.eca.map((route: string) => route.split('/')[3]).filter(Boolean))];
    expect(groups.slice(0, 4)).toEqual(['changes', 'import-feeds', 'imports', 'webhooks']);
    expect(groups).toEqual([...groups].sort());
    expect(groups.at(-1)).toBe('zetas');
    expect(after.routes.indexOf('/aaa/v1/things')).toBeGreaterThan(after.routes.indexOf('/eca/v1/zetas'));
    expect(after.routes.indexOf('/aaa/v1/things')).toBeLessThan(after.routes.indexOf('/example/v1/series'));
  });
});
