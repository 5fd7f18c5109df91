#!/usr/bin/env node
// The MCP endpoint from a terminal, logged in or not, on every Node the service supports (20.19+): the
// official SDK's client (a dependency already), nothing to download. docs/mcp.md "Connecting".
//
//   npm run mcp -- tools                                   # names, hints and argument counts
//   npm run mcp -- tools --json                            # the whole tools/list answer
//   npm run mcp -- call events_list '{"per_page":3}'       # a tool call: its line, then its JSON
//   npm run mcp -- templates | resources | read <uri>      # resources
//   MCP_AUTH='admin:APPLICATION PASSWORD' npm run mcp -- call tags_create '{"name":"Jazz"}'
//
// MCP_URL defaults to http://localhost:3000/mcp (http://localhost:3000/fr/mcp for French descriptions).
// Exit status: 0, 1 when a tool answers an error, 2 for a usage or connection error.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const USAGE = `usage: npm run mcp -- <tools [--json] | call <tool> [json arguments] | resources | templates | read <uri>>
environment: MCP_URL (default http://localhost:3000/mcp), MCP_AUTH=login:application-password (to write)`;

/** The command line's request, or a usage error. */
function requestOf([command, ...rest]) {
  switch (command) {
    case 'tools':
    case 'tools/list':
      return { run: (client) => client.listTools(), show: rest.includes('--json') ? json : toolTable };
    case 'call':
    case 'tools/call': {
      const [name, args = '{}'] = rest;
      if (!name) throw new UsageError('call needs a tool name (npm run mcp -- tools lists them)');
      const parsed = parseArguments(args);
      return { run: (client) => client.callTool({ name, arguments: parsed }), show: toolResult };
    }
    case 'resources':
    case 'resources/list':
      return { run: (client) => client.listResources(), show: json };
    case 'templates':
    case 'resources/templates/list':
      return { run: (client) => client.listResourceTemplates(), show: json };
    case 'read':
    case 'resources/read':
      if (!rest[0]) throw new UsageError('read needs a resource URI (npm run mcp -- templates lists them)');
      return { run: (client) => client.readResource({ uri: rest[0] }), show: resourceText };
    default:
      throw new UsageError(command ? `unknown command: ${command}` : 'no command');
  }
}

class UsageError extends Error {}

function parseArguments(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`the arguments are not JSON: ${text}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError('the arguments must be a JSON object, e.g. {"per_page":3}');
  return value;
}

function json(result) {
  console.log(JSON.stringify(result, null, 2));
  return 0;
}

function toolTable({ tools }) {
  for (const tool of tools) {
    const hint = tool.annotations?.readOnlyHint ? 'read-only' : tool.annotations?.destructiveHint ? 'destructive' : 'write';
    console.log(`${tool.name.padEnd(28)} ${hint.padEnd(11)} ${Object.keys(tool.inputSchema.properties ?? {}).length} args`);
  }
  console.log(`${tools.length} tools`);
  return 0;
}

/** A tool's line, then its JSON indented; an error's status 1. */
function toolResult(result) {
  const [line, ...rest] = result.content.filter((block) => block.type === 'text').map((block) => block.text);
  console.log(line);
  for (const text of rest) {
    try {
      console.log(JSON.stringify(JSON.parse(text), null, 2));
    } catch {
      console.log(text);
    }
  }
  return result.isError ? 1 : 0;
}

function resourceText({ contents }) {
  for (const content of contents) console.log(content.text ?? content.blob);
  return 0;
}

async function main(argv) {
  let request;
  try {
    request = requestOf(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const url = new URL(process.env.MCP_URL || 'http://localhost:3000/mcp');
  const auth = process.env.MCP_AUTH;
  const headers = auth ? { Authorization: `Basic ${Buffer.from(auth, 'utf8').toString('base64')}` } : {};
  const client = new Client({ name: 'events-calendar-api-cli', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    return request.show(await request.run(client));
  } catch (error) {
    console.error(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await client.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
