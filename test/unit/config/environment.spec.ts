import { validateEnvironment } from '../../../src/config/environment';

describe('configuration validated at boot', () => {
  it('has working defaults', () => {
    const env = validateEnvironment({});
    expect(env).toMatchObject({
      DATABASE_URL: 'sqlite:./data/events.sqlite',
      TABLE_PREFIX: 'wp_',
      REST_ROOT: '/wp-json',
      NS_ROOT: 'tribe',
      PORT: 3000,
      MAX_PER_PAGE: 50,
      LOG_LEVEL: 'log',
      SITE_PAGES: 'true',
    });
  });

  it('accepts MySQL URLs and numeric strings', () => {
    const env = validateEnvironment({ DATABASE_URL: 'mysql://u:p@db:3306/wordpress', PORT: '8080', MAX_PER_PAGE: '100' });
    expect(env.PORT).toBe(8080);
    expect(env.MAX_PER_PAGE).toBe(100);
  });

  it.each([
    ['DATABASE_URL', 'postgres://x/y'],
    ['TABLE_PREFIX', 'wp-'],
    ['SITE_URL', 'example.org'],
    ['REST_ROOT', 'wp-json/'],
    ['PORT', 'eighty'],
    ['MAX_PER_PAGE', '0'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_PASSWORD', 'short'],
    ['SITE_PAGES', 'no'],
  ])('names %s when its value %p is bad', (name, value) => {
    expect(() => validateEnvironment({ [name]: value, ...(name === 'ADMIN_PASSWORD' ? { ADMIN_USER: 'admin' } : {}) })).toThrow(
      new RegExp(`Invalid configuration:[\\s\\S]*${name}`),
    );
  });

  it('needs ADMIN_USER and ADMIN_PASSWORD together', () => {
    expect(() => validateEnvironment({ ADMIN_USER: 'admin' })).toThrow(/ADMIN_USER and ADMIN_PASSWORD/);
  });
});
