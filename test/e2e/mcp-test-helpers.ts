import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { request } from 'node:http';
import { TestApp } from '../support/test-app';

/** The app's MCP endpoint on a real loopback port (the SDK's client speaks HTTP with fetch). */
export async function mcpUrl(t: TestApp, path = '/mcp'): Promise<URL> {
  if (!t.app.getHttpServer().listening) await t.app.listen(0, '127.0.0.1');
  const address = t.app.getHttpServer().address() as { port: number };
  return new URL(`http://127.0.0.1:${address.port}${path}`);
}

/** The SDK's own client, connected over Streamable HTTP, with these credentials (none: anonymous). */
export async function mcpClient(t: TestApp, authorization?: string, path?: string): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  await client.connect(new StreamableHTTPClientTransport(await mcpUrl(t, path), { requestInit: { headers } }));
  return client;
}

/** A tool's answer: its summary line, its JSON (given once, as text) and whether it is an error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  expect(result.structuredContent).toBeUndefined();
  return { isError: result.isError === true, summary: content[0].text, json: JSON.parse(content[1].text) as any };
}

/** One JSON-RPC message POSTed as is, with these headers (node:http: a Host of one's choosing included) and query string. */
export async function postMcp(t: TestApp, message: unknown, headers: Record<string, string> = {}, query = ''): Promise<{ status: number; body: any }> {
  const url = new URL(`${(await mcpUrl(t)).href}${query}`);
  const payload = JSON.stringify(message);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Content-Length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
