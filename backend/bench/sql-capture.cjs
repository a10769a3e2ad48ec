/**
 * SQL capture for `npm run bench`'s bare counterparts (deep.mjs, bare-server.mjs): preloaded into a
 * bench-only API process with `node --require bench/sql-capture.cjs dist/main.js` and
 * BENCH_SQL_CAPTURE=<file>; the application itself is unchanged.
 *
 * Each HTTP request runs in an AsyncLocalStorage context (method, URL, request number), written as a
 * line {req, method, url, begin} when it arrives (its body's events too); every
 * `pg` Client#query issued from inside that context appends one JSON line to the file at its start
 * ({req, method, url, id, client, sql, params, t}) and one at its end ({id, end}). Parameters are
 * stored as pg sends them on the wire (pg's own prepareValue: text, or base64 for a Buffer), so a
 * replay runs the very same statement text with the very same parameter values. `t`/`end` are
 * process hrtime in microseconds, used to find which statements the API ran in parallel.
 * Queries outside a request (timers, subscriptions, boot) are not recorded.
 *
 * With BENCH_SQL_COUNT=1 instead (the measured API), it only counts the Client#query calls and
 * prints `sqlcount <n>` on stdout at each SIGWINCH (ignored by default; Nest's shutdown hooks take SIGUSR2): statements per request during a run, at the
 * cost of one counter increment per statement.
 */
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const { appendFileSync } = require('node:fs');
const http = require('node:http');
const pg = require('pg');
const { prepareValue } = require('pg/lib/utils');

const file = process.env.BENCH_SQL_CAPTURE;
if (process.env.BENCH_SQL_COUNT === '1') {
  let count = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    count += 1;
    return query.apply(this, args);
  };
  process.on('SIGWINCH', () => process.stdout.write(`sqlcount ${count}\n`));
} else if (file) {
  const als = new AsyncLocalStorage();
  let requests = 0;
  let queries = 0;
  const clients = new WeakMap();
  let clientIds = 0;
  const us = () => Number(process.hrtime.bigint() / 1000n);
  const write = (o) => appendFileSync(file, `${JSON.stringify(o)}\n`);

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, ...rest) {
    if (event !== 'request') return emit.call(this, event, req, ...rest);
    const ctx = { req: ++requests, method: req.method, url: req.url };
    write({ req: ctx.req, method: ctx.method, url: ctx.url, begin: true });
    // The body's 'data'/'end' events come from the socket: run their listeners in the request's context too.
    const reqEmit = req.emit;
    req.emit = function (...args) {
      return als.run(ctx, () => reqEmit.apply(this, args));
    };
    return als.run(ctx, () => emit.call(this, event, req, ...rest));
  };

  const wire = (v) => {
    const p = prepareValue(v);
    return Buffer.isBuffer(p) ? { base64: p.toString('base64') } : p;
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const ctx = als.getStore();
    if (!ctx) return query.call(this, config, values, callback);
    const text = typeof config === 'string' ? config : config?.text;
    const params =
      typeof config === 'string' || typeof values !== 'function' ? values : config?.values;
    const list = Array.isArray(params)
      ? params
      : Array.isArray(config?.values)
        ? config.values
        : [];
    if (!clients.has(this)) clients.set(this, ++clientIds);
    const id = ++queries;
    write({
      req: ctx.req,
      method: ctx.method,
      url: ctx.url,
      id,
      client: clients.get(this),
      sql: text,
      params: list.map(wire),
      t: us(),
    });
    const done = () => write({ id, end: us() });
    const result = query.call(this, config, values, callback);
    if (result && typeof result.then === 'function') result.then(done, done);
    else if (config && typeof config.on === 'function')
      (config.once ?? config.on).call(config, 'end', done);
    return result;
  };
}
