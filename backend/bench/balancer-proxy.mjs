/**
 * The Node fallback balancer of topology.mjs when nginx is not installed: a bare HTTP reverse proxy
 * in its own process, `node balancer-proxy.mjs <port> <upstream port>...`, sending each request to
 * the upstream with the fewest requests in flight (least_conn), over keep-alive connections, with
 * X-Forwarded-For/-Proto added as nginx's `proxy_set_header` lines in topology.mjs do. Prints
 * `listening` once it accepts connections. For benches only: no timeouts, retries or health checks.
 */
import { Agent, createServer, request } from 'node:http';

const [port, ...upstreamPorts] = process.argv.slice(2).map(Number);
const upstreams = upstreamPorts.map((p) => ({
  port: p,
  inFlight: 0,
  agent: new Agent({ keepAlive: true, maxSockets: 256 }),
}));

const server = createServer((req, res) => {
  const up = upstreams.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
  up.inFlight++;
  let done = false;
  const finish = () => {
    if (!done) {
      done = true;
      up.inFlight--;
    }
  };
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  const proxied = request(
    {
      host: '127.0.0.1',
      port: up.port,
      method: req.method,
      path: req.url,
      agent: up.agent,
      headers: {
        ...req.headers,
        connection: 'keep-alive',
        'x-forwarded-for': forwardedFor,
        'x-forwarded-proto': 'http',
      },
    },
    (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
      upRes.on('end', finish);
    },
  );
  proxied.on('error', () => {
    finish();
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  res.on('close', finish);
  req.pipe(proxied);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log('listening'));
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
