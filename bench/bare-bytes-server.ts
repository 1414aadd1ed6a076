// The baseline of the reader reads: Node's own http server answering every GET with one file's bytes
// from memory (BODY_FILE, read once), with Folio's JSON content type (and CONTENT_ENCODING when the bytes
// are gzipped): what sending those bytes costs alone. Run as its own process (like Folio) with PORT and
// BODY_FILE in the environment.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE!);
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.byteLength,
    ...(process.env.CONTENT_ENCODING ? { 'content-encoding': process.env.CONTENT_ENCODING } : {}),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
