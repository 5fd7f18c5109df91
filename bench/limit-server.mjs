// The bare-Node limit of `npm run bench`: a trivial node:http server, in its own process like the
// service, answering every request with the same small JSON body. Driven by the same load generator
// at the same concurrencies, it gives the ceiling of this machine for the generator+server pair.
// Prints its port on stdout once it listens on 127.0.0.1.
import { createServer } from 'node:http';

const body = Buffer.from(JSON.stringify({ id: 1, title: 'Limit', status: 'publish' }));
const headers = { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(body.length) };

const server = createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
