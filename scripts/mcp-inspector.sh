#!/usr/bin/env bash
# The MCP endpoint driven by a client nobody here wrote: the MCP Inspector's command-line mode
# (docs/mcp.md). Start the service first (`npm start`), then:
#   scripts/mcp-inspector.sh                                   # anonymous: tools, resources, a read
#   MCP_AUTH='admin:cz8BDPnpbXo8PSBDjBv6fhc5' scripts/mcp-inspector.sh   # also a write and a refused one
# MCP_URL defaults to http://localhost:3000/mcp (add a language prefix: http://localhost:3000/fr/mcp).
set -euo pipefail

URL="${MCP_URL:-http://localhost:3000/mcp}"
# Pinned: the Inspector's CLI flags change between versions. 2.12 needs Node >= 22.19; on an older Node npx
# falls back to 0.15, which cannot send an Authorization header: use `npm run mcp` there (docs/mcp.md).
INSPECTOR="${MCP_INSPECTOR:-@modelcontextprotocol/inspector@2.12.0}"
if [[ -z "${MCP_INSPECTOR:-}" ]] && ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=19)?0:1)'; then
  echo "The MCP Inspector 2.12 needs Node >= 22.19 (this is $(node -v)). On this Node, the repository's client does the same:" >&2
  echo "  MCP_AUTH='admin:PASSWORD' npm run mcp -- tools        (then: npm run mcp -- call events_list '{\"per_page\":3}')" >&2
  exit 2
fi
AUTH_ARGS=()
if [[ -n "${MCP_AUTH:-}" ]]; then AUTH_ARGS=(--header "Authorization: Basic $(printf '%s' "$MCP_AUTH" | base64 | tr -d '\n')"); fi

# The Inspector exits non-zero when a tool answers an error: those calls are part of the show.
inspect() {
  echo "\$ inspector --cli $URL --transport http $*"
  npx --yes --loglevel=error "$INSPECTOR" --cli "$URL" --transport http "${AUTH_ARGS[@]}" "$@" || echo "(exit status $?)"
  echo
}

# Names and annotations only: the full input schemas are long (they are the REST arguments).
echo "\$ inspector --cli $URL --transport http --method tools/list   (names and hints)"
npx --yes --loglevel=error "$INSPECTOR" --cli "$URL" --transport http "${AUTH_ARGS[@]}" --method tools/list |
  node -e 'let s="";process.stdin.on("data",(c)=>(s+=c)).on("end",()=>{const {tools}=JSON.parse(s);
    for (const t of tools) console.log(`${t.name.padEnd(28)} ${t.annotations.readOnlyHint ? "read-only" : t.annotations.destructiveHint ? "destructive" : "write"}  ${Object.keys(t.inputSchema.properties).length} args`);
    console.log(`${tools.length} tools`);});'
echo
inspect --method resources/templates/list
inspect --method tools/call --tool-name events_list --tool-arg start_date=today --tool-arg per_page=2
inspect --method tools/call --tool-name events_list --tool-arg 'start_date=the day after never'
if [[ -n "${MCP_AUTH:-}" ]]; then
  inspect --method tools/call --tool-name tags_create --tool-arg name=Inspector
  inspect --method tools/call --tool-name events_create --tool-arg 'title=Inspector night' \
    --tool-arg 'start_date=next friday 20:00' --tool-arg 'end_date=next friday 23:00' --tool-arg 'tags=["inspector"]' --tool-arg status=publish
  inspect --method tools/call --tool-name events_create --tool-arg title=Nowhere --tool-arg 'start_date=tomorrow' \
    --tool-arg 'end_date=tomorrow 2pm' --tool-arg venue=987654
fi
