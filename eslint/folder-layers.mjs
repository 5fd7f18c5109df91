// The folder layer rule (docs/architecture.md "Layers"): each top folder of src/ has one place in a
// strict order, and a value import may only reach a folder placed before its own. Since every folder
// has a distinct place, an import graph that passes has no folder cycle: any cycle needs an import
// that points up. `import type` is free (types leave no runtime edge); src/'s own root files
// (main.ts) sit on top with the composition layer. Between the folders listed in `throughIndex` (the
// resources), a value import names the other folder itself — its index.ts, that resource's public
// surface — never a file inside it.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT_FILES = '(src root)';

/** The top folder of src/ an absolute path lies in, ROOT_FILES for src/'s own files, undefined outside src/. */
function topFolder(srcDir, path) {
  const parts = relative(srcDir, path).split(sep);
  if (parts[0] === '..' || parts[0] === '') return undefined;
  if (parts.length > 1) return parts[0];
  return existsSync(path) && statSync(path).isDirectory() ? parts[0] : ROOT_FILES;
}

/** Whether an import or export only names types (`import type`, `import { type A }`, `export type`). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

export const folderOrder = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder of src/ imports only folders placed before it in the layer order (no folder cycle).' },
    schema: [
      {
        type: 'object',
        properties: {
          srcDir: { type: 'string' },
          layers: { type: 'array', items: { type: 'object' } },
          throughIndex: { type: 'array', items: { type: 'string' } },
        },
        required: ['srcDir', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        'src/{{from}}/ may not import src/{{to}}/ ({{where}}): the layer order (docs/architecture.md "Layers") places {{to}} above {{from}}, and an import upward is what closes a folder cycle. Move the shared piece down, or declare an interface low and implement it above.',
      deep: 'src/{{from}}/ may import src/{{to}}/ only through its index (`…/{{to}}`), not {{path}}: what another resource may use is what src/{{to}}/index.ts exports (docs/architecture.md "Layers"). Export it there.',
      unplaced: 'src/{{folder}}/ has no place in the layer order: add it to LAYERS in eslint.config.mjs and to the table of docs/architecture.md "Layers".',
    },
  },
  create(context) {
    const [{ srcDir, layers, throughIndex = [] }] = context.options;
    const resources = new Set(throughIndex);
    const place = new Map();
    layers.forEach((layer) => layer.folders.forEach((folder) => place.set(folder, { rank: place.size, layer: layer.name })));
    place.set(ROOT_FILES, { rank: Number.MAX_SAFE_INTEGER, layer: 'composition' });
    const file = resolve(context.filename);
    const from = topFolder(srcDir, file);
    if (from === undefined) return {};

    function check(node, source) {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = topFolder(srcDir, resolve(dirname(file), source.value));
      if (to === undefined || to === from) return;
      for (const folder of [from, to]) if (!place.has(folder)) return context.report({ node, messageId: 'unplaced', data: { folder } });
      const inside = relative(join(srcDir, to), resolve(dirname(file), source.value));
      if (resources.has(from) && resources.has(to) && inside !== '' && inside !== 'index') {
        context.report({ node, messageId: 'deep', data: { from, to, path: source.value } });
      }
      const [a, b] = [place.get(from), place.get(to)];
      if (b.rank < a.rank) return;
      const where = a.layer === b.layer ? `both in the ${a.layer} layer, ${to} listed after ${from}` : `${b.layer} above ${a.layer}`;
      context.report({ node, messageId: 'upward', data: { from, to, where } });
    }

    return {
      ImportDeclaration: (node) => typeOnly(node) || check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && !typeOnly(node) && check(node, node.source),
      ExportAllDeclaration: (node) => node.exportKind !== 'type' && check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
