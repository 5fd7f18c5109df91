import { DataSource } from 'typeorm';
import { validateEnvironment } from '../../src/config/environment';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers /health/live and /health/ready in JSON without authentication', async () => {
    const live = await t.http.get('/health/live').expect(200);
    expect(live.headers['content-type']).toMatch(/^application\/json/);
    expect(live.body).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    const ready = await t.http.get('/health/ready').expect(200);
    const up = { status: 'up', responseTime: expect.any(Number) };
    expect(ready.body).toEqual({ status: 'ok', info: { database: up }, error: {}, details: { database: up } });
    await t.http.get('/health/ready').set('Authorization', ADMIN).expect(200);
  });

  it('lives outside the WordPress namespace', async () => {
    expect((await t.http.get(`${BASE}/health/ready`).expect(404)).body.code).toBe('rest_no_route');
    const index = await t.http.get(BASE).expect(200);
    expect(Object.keys(index.body.routes).some((route) => route.includes('health'))).toBe(false);
    const swagger = await t.http.get('/docs-json').expect(200);
    expect(Object.keys(swagger.body.paths).some((path) => path.includes('health'))).toBe(false);
  });

  it('answers 503 on /health/ready when the database does not answer, while /health/live stays 200', async () => {
    await t.app.get(DataSource).destroy();
    const ready = await t.http.get('/health/ready').expect(503);
    expect(ready.body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    await t.http.get('/health/live').expect(200);
  });
});

describe('security headers and CORS', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('sends helmet headers with a CSP that allows the same-origin Swagger UI', async () => {
      const res = await t.http.get('/docs').expect(200);
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      const api = await t.http.get(BASE).expect(200);
      expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['referrer-policy']).toBe('no-referrer');
      expect(api.headers['x-powered-by']).toBeUndefined();
    });

    it('sends no CORS headers when CORS_ORIGINS is empty, and OPTIONS keeps its WordPress answer', async () => {
      const res = await t.http.get(BASE).set('Origin', 'https://app.example.org').expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const options = await t.http.options(`${BASE}/venues`).set('Origin', 'https://app.example.org').set('Access-Control-Request-Method', 'POST').expect(200);
      expect(options.body.namespace).toBe('tribe/events/v1');
    });
  });

  describe('with a list of origins', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { CORS_ORIGINS: 'https://app.example.org, http://localhost:5173' } });
    });
    afterAll(() => t?.close());

    it('echoes an allowed origin and ignores others', async () => {
      const ok = await t.http.get(`${BASE}/venues`).set('Origin', 'http://localhost:5173').expect(200);
      expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(ok.headers.vary).toContain('Origin');
      expect(ok.headers['access-control-expose-headers']).toContain('X-WP-Total');
      const other = await t.http.get(`${BASE}/venues`).set('Origin', 'https://evil.example').expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers an allowed preflight with 204; a plain OPTIONS still describes the route', async () => {
      const preflight = await t.http
        .options(`${BASE}/venues`)
        .set('Origin', 'https://app.example.org')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.org');
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');
      expect((await t.http.options(`${BASE}/venues`).expect(200)).body.namespace).toBe('tribe/events/v1');
    });
  });

  describe('with *', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { CORS_ORIGINS: '*' } });
    });
    afterAll(() => t?.close());

    it('allows any origin', async () => {
      const res = await t.http.get(BASE).set('Origin', 'https://anywhere.example').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });
  });

  it('rejects malformed operations settings at boot', () => {
    expect(() => validateEnvironment({ CORS_ORIGINS: 'app.example.org' })).toThrow(/CORS_ORIGINS/);
    expect(() => validateEnvironment({ LOGIN_MAX_FAILURES: '-1' })).toThrow(/LOGIN_MAX_FAILURES/);
    expect(() => validateEnvironment({ LOGIN_FAILURE_WINDOW_SECONDS: '0' })).toThrow(/LOGIN_FAILURE_WINDOW_SECONDS/);
    expect(() => validateEnvironment({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => validateEnvironment({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(validateEnvironment({ CORS_ORIGINS: 'https://a.example, http://localhost:3000', TRUST_PROXY: '10.0.0.0/8, loopback' })).toBeTruthy();
  });
});
