import ICAL from 'ical.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCalendar } from '../support/icalendar';
import { basic, BASE, startTestApp, TestApp } from '../support/test-app';

// Issue #18: the README's quick start and first calls work as written. The first calls are read from
// the README itself and sent, in order, to a fresh service, whose answers must be the ones printed
// there. Both engines.

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** Where the README's calls go (`$API` is under it); the service is asked with that Host. */
const ORIGIN = 'http://localhost:3000';

/** The text of a `## Title` section, up to the next `## `. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no section "${title}"`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** Fenced blocks of a section, in order: [language, content]. */
function blocks(text: string): [string, string][] {
  return [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => [m[1], m[2].trimEnd()]);
}

/** Shell words of one command line: single quotes literal, double quotes and bare words expand `$NAME`. */
function shellWords(line: string, variables: Record<string, string>): string[] {
  const words: string[] = [];
  const expand = (text: string) => text.replace(/\$([A-Z_]+)/g, (_, name: string) => variables[name] ?? '');
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      for (i++; line[i] !== '"'; i++) text += line[i] === '\\' ? line[++i] : line[i];
      word = (word ?? '') + expand(text);
    } else {
      const bare = /^[^ '"]+/.exec(line.slice(i))![0];
      word = (word ?? '') + expand(bare);
      i += bare.length - 1;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

interface Call {
  method: string;
  url: string;
  login?: string;
  headers: [string, string][];
  body?: string;
}

/** The curl options the README uses: -s, -u, -X, -H, -d and the URL. */
function curlCall(words: string[]): Call {
  expect(words[0]).toBe('curl');
  const call: Call = { method: 'GET', url: '', headers: [] };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === '-s') continue;
    else if (word === '-u') call.login = words[++i];
    else if (word === '-X') call.method = words[++i];
    else if (word === '-H') call.headers.push(words[++i].split(/:\s*/, 2) as [string, string]);
    else if (word === '-d') call.body = words[++i];
    else if (!word.startsWith('-') && !call.url) call.url = word;
    else throw new Error(`the README uses a curl option this test does not know: ${word}`);
  }
  if (call.body !== undefined && call.method === 'GET') call.method = 'POST';
  return call;
}

describe('the README', () => {
  it('quick start: two commands, each an npm script the package has; the first start builds and runs the service', () => {
    const [commands] = blocks(section('Quick start'));
    const lines = commands[1].split('\n').map((line) => line.replace(/#.*/, '').trim());
    expect(lines).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/npm run build && node dist\/src\/main\.js$/);
    expect(scripts.test).toBeDefined();
  });

  describe('first calls, run as written on a fresh service', () => {
    let t: TestApp;
    let printed = '';
    /** `$AUTH` and `$API`, as the README sets them, with the password the start printed. */
    const variables: Record<string, string> = {};
    beforeAll(async () => {
      // As the quick start: no ADMIN_USER, no SITE_URL (links follow the host the calls go to).
      const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed += String(chunk);
        return true;
      });
      try {
        t = await startTestApp({ env: { ADMIN_USER: '', ADMIN_PASSWORD: '', SITE_URL: '' } });
      } finally {
        write.mockRestore();
      }
    });
    afterAll(() => t.close());

    it('the first start prints the administrator and its password as the README shows them', () => {
      const [, shown] = blocks(section('Quick start')).find(([language]) => language === 'text')!;
      const [firstLine, , passwordLine] = shown.split('\n');
      expect(printed).toContain(firstLine);
      expect(passwordLine).toMatch(/^ {4}[A-Za-z0-9]{24}$/);
      expect(printed).toMatch(/application password\n\n {4}[A-Za-z0-9]{24}\n/);
    });

    it('every call answers what the README prints', async () => {
      const password = /application password\n\n {4}([A-Za-z0-9]{24})\n/.exec(printed)![1];
      const all = blocks(section('First calls'));
      const [, setup] = all[0];
      for (const line of setup.split('\n')) {
        const [name, value] = line.split('=', 2);
        variables[name] = shellWords(value, variables)[0];
      }
      expect(variables.API).toBe(`${ORIGIN}/wp-json/tribe/events/v1`);
      variables.AUTH = variables.AUTH.replace(/:.*/, `:${password}`); // "replace the password by the one it printed"

      const calls = all.slice(1);
      expect(calls.length).toBeGreaterThanOrEqual(24); // a curl and its answer for each call shown
      for (let i = 0; i < calls.length; i += 2) {
        const [[language, command], [answerLanguage, answer]] = [calls[i], calls[i + 1]];
        expect([language, answerLanguage]).toEqual(['sh', 'json']);
        const call = curlCall(shellWords(command, variables));
        expect(call.url.startsWith(ORIGIN)).toBe(true);
        let req = t.http[call.method.toLowerCase() as 'get'](call.url.slice(ORIGIN.length)).set('Host', 'localhost:3000');
        if (call.login) req = req.set('Authorization', basic(call.login.split(':')[0], call.login.split(':')[1]));
        for (const [name, value] of call.headers) req = req.set(name, value);
        const res = await (call.body === undefined ? req : req.send(call.body));
        expect({ command, body: res.body as unknown }).toEqual({ command, body: JSON.parse(answer) });
      }
    });

    it('the calendar file of the same list holds the event (parsed as a calendar application would)', async () => {
      const [, command] = /`(curl -s -H 'Accept: text\/calendar' [^`]+)`/.exec(section('First calls'))!;
      const call = curlCall(shellWords(command, variables));
      let req = t.http.get(call.url.slice(ORIGIN.length)).set('Host', 'localhost:3000');
      for (const [name, value] of call.headers) req = req.set(name, value);
      const res = await req.expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=UTF-8');
      const parsed = parseCalendar(res.text);
      expect(parsed.events.map((e) => [e.summary, e.startUtc, e.url])).toEqual([
        ['Tuesday Swing', '2031-03-18T18:00:00.000Z', 'http://localhost:3000/event/tuesday-swing/'],
        ['Jazz on the River', '2031-06-21T18:00:00.000Z', 'http://localhost:3000/event/jazz-on-the-river/'],
      ]);
      // The series is one repeating event: expanded as a calendar application would, its three Tuesdays.
      const series = parsed.calendar.getAllSubcomponents('vevent').find((component) => component.getFirstPropertyValue('summary') === 'Tuesday Swing')!;
      const dates = new ICAL.Event(series).iterator();
      const starts: string[] = [];
      for (let next = dates.next(); next; next = dates.next()) starts.push(new Date(next.toUnixTime() * 1000).toISOString());
      expect(starts).toEqual(['2031-03-18T18:00:00.000Z', '2031-03-25T18:00:00.000Z', '2031-04-01T17:00:00.000Z']);
    });

    it('surprises: category and tag lists hide empty terms unless hide_empty=false, as the README says', async () => {
      expect(section('Behaviours that surprise (as the plugin does them)')).toContain('`hide_empty`');
      const login = variables.AUTH.split(':');
      await t.http.post(`${BASE}/tags`).set('Authorization', basic(login[0], login[1])).send({ name: 'Unused' }).expect(201);
      const names = async (query: string) => ((await t.http.get(`${BASE}/tags${query}`).expect(200)).body.tags as { name: string }[]).map((tag) => tag.name);
      expect(await names('')).toEqual(['Outdoor']);
      expect((await names('?hide_empty=false')).sort()).toEqual(['Outdoor', 'Unused']);
    });
  });
});
