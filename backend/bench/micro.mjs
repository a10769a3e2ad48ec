/**
 * `npm run bench:micro -w backend`: the per-call costs behind two fixes of the logged-in paths
 * (docs/PERFORMANCE.md, "Logged-in and deep reads"), each beside what it replaced, on the built
 * code (dist/):
 * - verifying an access token with jsonwebtoken given the secret as a string (it first tries the
 *   string as a public key) versus as a `createSecretKey` KeyObject (`hmacKey`);
 * - formatting an instant as Africa/Nairobi ISO time with date-fns-tz `formatInTimeZone` versus
 *   the fixed +03:00 offset of `toNairobiIso` (Nairobi has no daylight saving time).
 * Prints µs per call (median of 5 rounds). MICRO_ROUNDS and MICRO_CALLS override.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../../scripts/lib.mjs';

const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(BACKEND, 'dist');
const rounds = Number(process.env.MICRO_ROUNDS ?? 5);
const calls = Number(process.env.MICRO_CALLS ?? 20_000);

/** Median µs per call of `fn` over `rounds` rounds of `n` calls. */
const perCall = (fn, n = calls) => {
  for (let i = 0; i < Math.min(n, 2_000); i++) fn(i); // warm up
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn(i);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3 / n);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
};

const main = () => {
  buildIfNeeded({ frontend: false });
  const req = createRequire(join(DIST, 'main.js'));
  const jwt = req('jsonwebtoken');
  const { formatInTimeZone } = req('date-fns-tz');
  const { hmacKey } = req(join(DIST, 'modules/account/auth/jwt-keys.js'));
  const { toNairobiIso } = req(join(DIST, 'common/time/nairobi.js'));

  const secret = 'bench-secret-of-forty-characters-000000000';
  const token = jwt.sign({ sub: 7, role: 'tipster' }, secret, {
    algorithm: 'HS256',
    expiresIn: '15m',
  });
  const key = hmacKey(secret);
  const jwtString = perCall(
    () => jwt.verify(token, secret, { algorithms: ['HS256'] }),
    Math.round(calls / 10),
  );
  const jwtKey = perCall(() => jwt.verify(token, key, { algorithms: ['HS256'] }));

  const base = Date.parse('2025-08-01T00:00:00Z');
  const at = (i) => new Date(base + (i % 10_000) * 3_600_000);
  const tz = perCall((i) => formatInTimeZone(at(i), 'Africa/Nairobi', "yyyy-MM-dd'T'HH:mm:ssXXX"));
  const fixed = perCall((i) => toNairobiIso(at(i)));

  console.log(`node ${process.version}, ${rounds} rounds, median µs per call`);
  console.log('| call | before | after | ratio |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| jwt.verify HS256 | ${jwtString.toFixed(2)} (string secret) | ${jwtKey.toFixed(2)} (KeyObject) | ${(jwtString / jwtKey).toFixed(0)}× |`,
  );
  console.log(
    `| Nairobi ISO time | ${tz.toFixed(2)} (formatInTimeZone) | ${fixed.toFixed(2)} (fixed +03:00) | ${(tz / fixed).toFixed(0)}× |`,
  );
};

main();
