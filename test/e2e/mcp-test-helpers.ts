import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

/** A tool's answer: its JSON (the API's own) and whether it is an error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, summary: content[0].text, json: JSON.parse(content[1].text) as any, structured: result.structuredContent as any };
}
