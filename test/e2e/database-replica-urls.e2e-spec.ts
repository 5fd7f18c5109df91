import { createApp } from '../../src/app/app.factory';
import { validateEnvironment } from '../../src/config/environment';

// DATABASE_REPLICA_URLS (issue #6): read replicas exist for MySQL only; SQLite is a single instance.
describe('DATABASE_REPLICA_URLS', () => {
  it('stops the boot with SQLite, naming the variable', async () => {
    await expect(
      createApp({ DATABASE_URL: 'sqlite::memory:', DATABASE_REPLICA_URLS: 'mysql://reader@10.0.0.2:3306/wordpress', LOG_LEVEL: 'error' }),
    ).rejects.toThrow(/Invalid configuration:[\s\S]*DATABASE_REPLICA_URLS/);
  });

  it('takes a comma list of mysql:// URLs and refuses anything else', () => {
    const primary = 'mysql://app:secret@10.0.0.1:3306/wordpress';
    expect(validateEnvironment({ DATABASE_URL: primary }).DATABASE_REPLICA_URLS).toBe('');
    const list = 'mysql://reader:pw@10.0.0.2:3306/wordpress, mariadb://reader@10.0.0.3/wordpress';
    expect(validateEnvironment({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: list }).DATABASE_REPLICA_URLS).toBe(list);
    for (const bad of ['10.0.0.2:3306', 'mysql://10.0.0.2:3306', 'sqlite:./replica.sqlite', 'mysql://a/db,,mysql://b/db']) {
      expect(() => validateEnvironment({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: bad })).toThrow(/DATABASE_REPLICA_URLS must be/);
    }
  });
});
