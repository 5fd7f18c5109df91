import { UsersService } from '../../src/auth/users.service';
import { runCommand } from '../../src/cli/commands';
import { FixtureApp, withFixtureApp } from '../support/fixture-app';
import { basic, EXAMPLE_BASE } from '../support/test-app';

// The fixture's WordPress-created administrator and its application password (test/fixtures/README.md).
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const SERIES = `${EXAMPLE_BASE}/series`;

/** The real WordPress database, whose roles predate the example resource: roles:grant opens it to the site's administrator. */
describe('npm run cli -- roles:grant on the WordPress fixture database', () => {
  let fixture: FixtureApp;
  withFixtureApp((app) => (fixture = app));

  it('gives the fixture site’s roles the example resource’s capabilities, once', async () => {
    const { t } = fixture;
    await t.http.post(SERIES).set('Authorization', ADMIN).send({ title: 'Before' }).expect(403);
    const lines: string[] = [];
    await runCommand(['roles:grant'], t.app.get(UsersService), (line) => lines.push(line), t.app);
    // The roles the example gives something (another resource a team adds may give more roles more).
    expect(lines.map((line) => line.split(':')[0])).toEqual(expect.arrayContaining(['administrator', 'editor', 'author', 'contributor']));
    await t.http.post(SERIES).set('Authorization', ADMIN).send({ title: 'After' }).expect(201);
    // The plugin's own capabilities were all there: only the example's were added.
    expect(lines.join('\n')).not.toMatch(/tribe_events|tribe_venues|tribe_organizers/);
    lines.length = 0;
    await runCommand(['roles:grant'], t.app.get(UsersService), (line) => lines.push(line), t.app);
    expect(lines).toEqual(['Every role already has the capabilities of the declared resources: nothing changed.']);
  });
});
