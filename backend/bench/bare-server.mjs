/**
 * The "bare" counterpart of `npm run bench`'s deep items (deep.mjs): a bare Node `http` server with
 * a `pg` Pool (the app's pool size) that answers each captured request by running the SQL the API
 * ran for it (captured by sql-capture.cjs: same text, same wire parameters, in the same order and
 * with the same parallelism), then writes the API's recorded body bytes with the same status and
 * content-type. No framework, no mapper, no cache: what the database work alone costs on this machine.
 *
 * Usage: `node bench/bare-server.mjs <port> <plan.json> <DATABASE_URL> [pool size]`; prints `ready`.
 * plan.json: `{ "<METHOD> <url>[ <body>]": { status, contentType, body (base64), steps } }`, a step
 * being one statement `{ sql, params, after }` or a transaction `{ tx: [{ sql, params }, ...], after }`
 * run on one pooled client; a step starts once the steps listed in `after` (indices) are done, as
 * in the API (the others run in parallel with it). Parameters `{ base64 }` are bytes.
 * A request with no plan gets 404.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const [port, planFile, databaseUrl, poolSize = '20'] = process.argv.slice(2);
const decode = (p) =>
  p && typeof p === 'object' && 'base64' in p ? Buffer.from(p.base64, 'base64') : p;
const plans = new Map(
  Object.entries(JSON.parse(readFileSync(planFile, 'utf8'))).map(([key, p]) => {
    const body = Buffer.from(p.body, 'base64');
    const stmt = (s) => ({ text: s.sql, values: s.params.map(decode) });
    return [
      key,
      {
        status: p.status,
        headers: { 'content-type': p.contentType, 'content-length': String(body.length) },
        body,
        steps: p.steps.map((step) => ({
          ...(step.tx ? { tx: step.tx.map(stmt) } : { stmt: stmt(step) }),
          after: step.after,
        })),
      },
    ];
  }),
);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) });

/** Runs one step: a statement on the pool, or a transaction's statements in order on one client. */
const run = async (step) => {
  if (!step.tx) return pool.query(step.stmt);
  const client = await pool.connect();
  try {
    for (const s of step.tx) await client.query(s);
  } finally {
    client.release();
  }
};

const answer = async (plan, res) => {
  const done = [];
  for (const step of plan.steps)
    done.push(Promise.all(step.after.map((i) => done[i])).then(() => run(step)));
  await Promise.all(done);
  res.writeHead(plan.status, plan.headers);
  res.end(plan.body);
};

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    const plan = plans.get(`${req.method} ${req.url}${body ? ` ${body}` : ''}`);
    if (!plan) {
      res.writeHead(404).end();
      return;
    }
    answer(plan, res).catch((err) => {
      console.error(err.message);
      res.writeHead(500).end();
    });
  });
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
