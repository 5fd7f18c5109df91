import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN_PASSWORD, ADMIN_USER, BASE, startTestApp, TestApp } from '../support/test-app';
import { mcpUrl } from './mcp-test-helpers';

const SCRIPT = join(__dirname, '../../scripts/mcp-client.mjs');

/** `npm run mcp -- …` as a user runs it: the script in a process of its own, against the started app. */
function runScript(t: TestApp, args: string[], auth?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return mcpUrl(t).then(
    (url) =>
      new Promise((resolve) => {
        const env = { ...process.env, MCP_URL: url.href, MCP_AUTH: auth ?? '' };
        execFile(process.execPath, [SCRIPT, ...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        });
      }),
  );
}

/**
 * The repository's MCP client (scripts/mcp-client.mjs, `npm run mcp`): an authenticated MCP connection on
 * every Node the README supports (the Inspector that sends headers needs Node 22.19; issue 31 item 5).
 */
describe('npm run mcp (scripts/mcp-client.mjs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('lists the tools, and calls one with JSON arguments', async () => {
    const tools = await runScript(t, ['tools']);
    expect(tools.code).toBe(0);
    expect(tools.stdout).toMatch(/^events_list\s+read-only\s+\d+ args$/m);
    expect(tools.stdout).toMatch(/^tags_delete\s+destructive\s+\d+ args$/m);
    expect(tools.stdout).toMatch(/^\d+ tools$/m);

    const list = await runScript(t, ['call', 'tags_list', '{"per_page":3}']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^tags_list: HTTP 200, 0 tags on this page of 0 in all\./);
    expect(JSON.parse(list.stdout.slice(list.stdout.indexOf('\n') + 1))).toMatchObject({ tags: [], total: 0 });
  });

  it('writes with the login of MCP_AUTH, and tells an anonymous writer how to log in', async () => {
    const created = await runScript(t, ['call', 'tags_create', '{"name":"From the terminal"}'], `${ADMIN_USER}:${ADMIN_PASSWORD}`);
    expect(created.code).toBe(0);
    const tag = JSON.parse(created.stdout.slice(created.stdout.indexOf('\n') + 1));
    expect((await t.http.get(`${BASE}/tags/${tag.id}`).expect(200)).body.name).toBe('From the terminal');

    const anonymous = await runScript(t, ['call', 'tags_create', '{"name":"Nope"}']);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stdout).toContain('HTTP 401');
    expect(anonymous.stdout).toContain('Log in to write');
  });

  it('says what is wrong with a command line or a login, with status 2', async () => {
    const badJson = await runScript(t, ['call', 'tags_list', '{per_page:3}']);
    expect([badJson.code, badJson.stderr.split('\n')[0]]).toEqual([2, 'the arguments are not JSON: {per_page:3}']);
    expect((await runScript(t, ['frobnicate'])).stderr).toContain('unknown command: frobnicate\nusage: npm run mcp --');
    const wrongLogin = await runScript(t, ['tools'], `${ADMIN_USER}:not the password`);
    expect(wrongLogin.code).toBe(2);
    expect(wrongLogin.stderr).toContain('401');
  });
});
