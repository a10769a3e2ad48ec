/**
 * The "raw limit" of `npm run bench`: a bare Node `http` server answering every request with the
 * exact bytes (body and content-type) the API returned for one route, so autocannon can measure
 * what this machine does with no framework, database or cache behind the same response.
 * Usage: `node bench/raw-server.mjs <port> <body file> <content-type>`; prints `ready` once listening.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
