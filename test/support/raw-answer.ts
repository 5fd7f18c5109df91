import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';

/** A GET whose body is kept as the text sent (`res.body` is that string): answers compared byte for byte. */
export function rawGet(http: TestAgent, path: string): Test {
  return http
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => done(null, text));
    });
}
