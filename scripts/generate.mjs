#!/usr/bin/env node
// `npm run generate -- resource NAME [options]`: writes a post-type resource built the one way
// (docs/architecture.md "Adding a resource") from scripts/templates/resource/, its e2e test, and the
// line that mounts it in src/app/app.module.ts. No dependency beyond Node (prettier formats the
// output when it is installed, as in every development checkout).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES = join(ROOT, 'scripts/templates/resource');
const SPEC_TEMPLATE = '__plural__.e2e-spec.ts.tpl';

const USAGE = `Usage: npm run generate -- resource NAME [options]

  NAME                 the collection: lower-case letters and digits, plural (widgets)
  --singular WORD      one record (default: NAME without its final "s")
  --namespace NS       the REST namespace (default: eca/v1, the service's own)
  --post-type TYPE     the WordPress post type, at most 20 characters (default: eca_NAME)
  --dir DIR            where the resource folder goes (default: src)
  --spec-dir DIR       where its e2e test goes (default: test/e2e)
  --no-spec            write no e2e test
  --no-mount           leave src/app/app.module.ts alone
  --app-module FILE    the module list to mount it in (default: src/app/app.module.ts)
  --lint-config FILE   the layer order to place its folder in (default: eslint.config.mjs)`;

/** The options of the command line; throws a message for the user on a bad one. */
export function parseArgs(argv) {
  const [kind, name, ...rest] = argv;
  if (kind !== 'resource' || !name) throw new Error(USAGE);
  const options = { name, dir: 'src', specDir: 'test/e2e', spec: true, mount: true, appModule: 'src/app/app.module.ts', lintConfig: 'eslint.config.mjs' };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = () => {
      if (rest[i + 1] === undefined) throw new Error(`${flag} needs a value.\n\n${USAGE}`);
      return rest[++i];
    };
    if (flag === '--singular') options.singular = value();
    else if (flag === '--namespace') options.namespace = value();
    else if (flag === '--post-type') options.postType = value();
    else if (flag === '--dir') options.dir = value();
    else if (flag === '--spec-dir') options.specDir = value();
    else if (flag === '--no-spec') options.spec = false;
    else if (flag === '--no-mount') options.mount = false;
    else if (flag === '--app-module') options.appModule = value();
    else if (flag === '--lint-config') options.lintConfig = value();
    else throw new Error(`Unknown option ${flag}.\n\n${USAGE}`);
  }
  return options;
}

const capitalized = (word) => word[0].toUpperCase() + word.slice(1);

/** The words the templates are written with, checked as the resource registry will check them. */
export function wordsOf(options) {
  const plural = options.name;
  const singular = options.singular ?? plural.replace(/s$/, '');
  const namespace = options.namespace ?? 'eca/v1';
  const postType = options.postType ?? `eca_${plural}`;
  if (!/^[a-z][a-z0-9]{0,19}$/.test(plural)) throw new Error(`NAME must be 1 to 20 lower-case letters or digits, starting with a letter: "${plural}".`);
  if (!/^[a-z][a-z0-9]*$/.test(singular)) throw new Error(`--singular must be lower-case letters or digits: "${singular}".`);
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)+$/.test(namespace) || namespace === 'tribe/events/v1')
    throw new Error(`--namespace must be a namespace of one's own, such as vendor/v1: "${namespace}".`);
  if (!/^[a-z0-9_-]{1,20}$/.test(postType))
    throw new Error(`--post-type must be 1 to 20 lower-case letters, digits, "_" or "-" (WordPress' limit): "${postType}".`);
  const article = /^[aeiou]/.test(singular) ? 'an' : 'a';
  return {
    plural,
    singular,
    Plural: capitalized(plural),
    Singular: capitalized(singular),
    PLURAL: plural.toUpperCase(),
    a_singular: `${article} ${singular}`,
    A_singular: `${capitalized(article)} ${singular}`,
    namespace,
    postType,
  };
}

/** An import path from one folder to another, `./`-prefixed when it does not climb. */
function importPath(from, to) {
  const path = relative(from, to).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** A template with its placeholders (`__plural__`, `__Singular__`, `__SRC__`…) filled in. */
export function fill(template, values) {
  return template.replace(/__(SRC|TEST|RESOURCE|namespace|postType|plural|singular|Plural|Singular|PLURAL|a_singular|A_singular)__/g, (_, key) => values[key]);
}

async function formatted(file, text) {
  try {
    const prettier = await import('prettier');
    return prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return text;
    throw error;
  }
}

/** Adds `import { XModule } …` after the module list's last import, and the module before `...extraModules`. */
export function mounted(source, moduleName, importFrom) {
  if (source.includes(`${moduleName},`)) throw new Error(`${moduleName} is already mounted.`);
  const imports = [...source.matchAll(/^import .*;$/gm)];
  const at = imports[imports.length - 1].index + imports[imports.length - 1][0].length;
  const withImport = `${source.slice(0, at)}\nimport { ${moduleName} } from '${importFrom}';${source.slice(at)}`;
  if (!/^(\s*)\.\.\.extraModules,$/m.test(withImport)) throw new Error('The module list has no `...extraModules,` line to mount the module before.');
  return withImport.replace(/^(\s*)\.\.\.extraModules,$/m, `$1${moduleName},\n$1...extraModules,`);
}

/**
 * Gives the folder its place in the layer order (eslint.config.mjs): last of the resources layer, so
 * it may import the shared layers and the resources before it, and among the resource folders no
 * shared layer may import.
 */
export function layered(source, folder) {
  const place = (pattern, what) => {
    if (!pattern.test(source)) throw new Error(`The lint config has no ${what} to place the folder in.`);
    source = source.replace(pattern, (line, head, list) => `${head}${list}, '${folder}'${line.slice(head.length + list.length)}`);
  };
  place(/^( {2}\{ name: 'resources', folders: \[)([^\]]*)\] \},$/m, 'resources layer');
  place(/^(const RESOURCES = \[)([^\]]*)\];$/m, 'RESOURCES list');
  return source;
}

/** Writes the resource; returns the paths written (relative to the repository). */
export async function generate(options) {
  const words = wordsOf(options);
  const folder = resolve(ROOT, options.dir, words.plural);
  if (existsSync(folder)) throw new Error(`${relative(ROOT, folder)} already exists.`);
  const specDir = resolve(ROOT, options.specDir);
  const values = { ...words, SRC: importPath(folder, join(ROOT, 'src')), TEST: importPath(specDir, join(ROOT, 'test')), RESOURCE: importPath(specDir, folder) };
  const written = [];
  const write = async (file, template) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await formatted(file, fill(readFileSync(join(TEMPLATES, template), 'utf8'), values)), { flag: 'wx' });
    written.push(relative(ROOT, file));
  };
  for (const template of readdirSync(TEMPLATES)
    .filter((t) => t !== SPEC_TEMPLATE)
    .sort()) {
    await write(join(folder, fill(template.replace(/\.tpl$/, ''), values)), template);
  }
  if (options.spec) await write(join(specDir, `${words.plural}.e2e-spec.ts`), SPEC_TEMPLATE);
  if (options.mount) {
    const appModule = resolve(ROOT, options.appModule);
    const moduleName = `${words.Plural}Module`;
    const from = importPath(dirname(appModule), join(folder, `${words.plural}.module`));
    writeFileSync(appModule, await formatted(appModule, mounted(readFileSync(appModule, 'utf8'), moduleName, from)));
    written.push(relative(ROOT, appModule));
    const lintConfig = resolve(ROOT, options.lintConfig);
    writeFileSync(lintConfig, await formatted(lintConfig, layered(readFileSync(lintConfig, 'utf8'), words.plural)));
    written.push(relative(ROOT, lintConfig));
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const written = await generate(parseArgs(process.argv.slice(2)));
    console.log(`Written:\n${written.map((file) => `  ${file}`).join('\n')}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
