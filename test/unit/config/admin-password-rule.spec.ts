import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeApplicationPassword } from '../../../src/auth/password-hashing';
import { validateEnvironment } from '../../../src/config/environment';

const ROOT = join(__dirname, '../../..');

/**
 * ADMIN_PASSWORD as the README states it (issue #31): at least 12 letters or digits, spaces allowed and
 * ignored (WordPress keeps only letters and digits of an application password) — and the examples follow it.
 */
describe('ADMIN_PASSWORD: at least 12 letters or digits', () => {
  const accepts = (password: string) => validateEnvironment({ ADMIN_USER: 'admin', ADMIN_PASSWORD: password }).ADMIN_PASSWORD;

  it('counts the letters and digits, not the spaces', () => {
    expect(accepts('abcdef 123456')).toBe('abcdef 123456');
    expect(accepts('abcd efgh ijkl')).toBe('abcd efgh ijkl');
    // 12 characters with spaces, but only 9 letters.
    expect(() => accepts('abc def ghi ')).toThrow('ADMIN_PASSWORD must be at least 12 letters or digits');
    expect(() => accepts('a b c d e f g h i j k')).toThrow('ADMIN_PASSWORD must be at least 12 letters or digits');
    expect(() => accepts('abcdefghijk!')).toThrow('ADMIN_PASSWORD must be at least 12 letters or digits');
  });

  it('the docker-compose example gives one the service takes as it is typed', () => {
    const compose = readFileSync(join(ROOT, 'docker', 'docker-compose.yml'), 'utf8');
    const example = /ADMIN_PASSWORD='([^']*)'/.exec(compose)?.[1];
    expect(example).toBeDefined();
    expect(accepts(example!)).toBe(example);
    // What the administrator types is what WordPress keeps: no character it would strip.
    expect(normalizeApplicationPassword(example!)).toBe(example);
  });
});
