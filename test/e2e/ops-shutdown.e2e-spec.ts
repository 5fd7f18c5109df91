import { ChildProcess } from 'node:child_process';
import { connect, Socket } from 'node:net';
import { ADMIN, BASE } from '../support/test-app';
import { BuiltServer, startBuiltServer } from '../support/built-process';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Resolves with the child's exit code (null when killed by a signal). */
const exited = (child: ChildProcess) => new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

describe('graceful shutdown of the built server (npm run build; node dist/src/main.js)', () => {
  let server: BuiltServer;
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    server = await startBuiltServer({ LOG_LEVEL: 'log' });
    ({ child, port } = server);
  }, 120_000);

  afterAll(() => server?.close());

  it('finishes the in-flight request, refuses new connections and exits 0', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(health.status).toBe(200);

    // An in-flight request: headers and half of the body now, the rest after SIGTERM.
    const body = JSON.stringify({ name: 'Shutdown survivor' });
    const socket: Socket = connect(port, '127.0.0.1');
    await new Promise<void>((done) => socket.once('connect', done));
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.write(
      `POST ${BASE}/categories HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${ADMIN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);

    const exit = exited(child);
    child.kill('SIGTERM');
    await sleep(500);
    const refused = await new Promise<string>((done) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        done('connected');
      });
      probe.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull(); // still waiting for the request

    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(response).toContain('"name":"Shutdown survivor"');
    expect(await exit).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    // Every log line is JSON; the stop's lines are the shutdown's own, with nothing stray (issue #31: a
    // `"stack":"Shutdown"` line came with each of them).
    const lines = server.output().split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const stop = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.context === 'Shutdown' || line.stack !== undefined);
    expect(stop.map(({ context, msg, stack }) => ({ context, msg, stack }))).toEqual([
      { context: 'Shutdown', msg: 'SIGTERM received: finishing in-flight requests', stack: undefined },
      { context: 'Shutdown', msg: 'Stopped', stack: undefined },
    ]);
  }, 60_000);
});
