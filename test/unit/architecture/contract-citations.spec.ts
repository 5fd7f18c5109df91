import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Source comments cite the behaviour contract by file, section and quirk (`storage.md §3`, `Q27`):
// every citation must resolve inside the repository (docs/contract/).
const ROOT = join(__dirname, '..', '..', '..');
const CONTRACT = join(ROOT, 'docs', 'contract');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

describe('citations of the behaviour contract', () => {
  const documents = new Map(readdirSync(CONTRACT).map((name) => [name, readFileSync(join(CONTRACT, name), 'utf8')]));
  const sections = (text: string) => new Set([...text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1]));
  const quirks = new Set([...documents.get('quirks.md')!.matchAll(/\|\s*((?:OQ-|Q)\d+)\s*\|/g)].map((m) => m[1]));
  const sources = [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'test')), ...filesUnder(join(ROOT, 'bench')), join(ROOT, 'README.md')];

  it('name a contract file and one of its sections', () => {
    const unresolved: string[] = [];
    for (const file of sources) {
      for (const [citation, name, section] of readFileSync(file, 'utf8').matchAll(/\b([a-z]+(?:-[a-z]+)*\.md)(?: §(\d+(?:\.\d+)*))?/g)) {
        const document = documents.get(name);
        if (!document) continue; // README.md, docs of the service's own modules
        if (section && !sections(document).has(section)) unresolved.push(`${relative(ROOT, file)}: ${citation}`);
      }
    }
    expect(unresolved).toEqual([]);
    expect(documents.size).toBeGreaterThanOrEqual(11);
  });

  it('name quirks and open questions the register holds', () => {
    const unknown: string[] = [];
    for (const file of sources) {
      for (const [quirk] of readFileSync(file, 'utf8').matchAll(/\b(?:OQ-\d+|Q\d{1,2})\b/g)) {
        if (!quirks.has(quirk)) unknown.push(`${relative(ROOT, file)}: ${quirk}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("name the service's own documents as they are in docs/", () => {
    const missing: string[] = [];
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(ROOT, 'docs', name));
    for (const file of [...sources, ...docs, join(ROOT, '.env.example')]) {
      for (const [citation] of readFileSync(file, 'utf8').matchAll(/\bdocs\/[a-z-]+\.md\b/g)) {
        if (!documentExists(join(ROOT, citation))) missing.push(`${relative(ROOT, file)}: ${citation}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

function documentExists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
