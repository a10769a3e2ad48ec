import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { checkTimestampToken, tokenFromReply } from '../../../src/providers/tsa/rfc3161';
import { SlipPublishService } from '../../../src/modules/slip/slip-publish.service';
import {
  auditLog,
  AuditFailure,
  parseLogVerifyArgs,
} from '../../../src/modules/transparency/cli/log-verify';
import { parseSlipLeaf, slipLeaf } from '../../../src/modules/transparency/domain/log-leaf';
import {
  leafHash,
  verifyConsistency,
  verifyInclusion,
} from '../../../src/modules/transparency/domain/merkle';
import {
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyNote,
} from '../../../src/modules/transparency/domain/signed-note';
import { TransparencyLogService } from '../../../src/modules/transparency/transparency-log.service';
import { TreeHeadService } from '../../../src/modules/transparency/tree-head.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(180_000);

const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const b64 = (s: string) => Buffer.from(s, 'base64');

describe('transparency log: append on publish, signed and time-stamped tree heads, proofs, audit', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let tipsters: CreatedUser[];
  let stateDir: string;
  const published: number[] = [];

  /** Leaves as stored, in index order. */
  const leafRows = (): Promise<{ leaf_index: string; slip_id: number; leaf: string }[]> =>
    t.ds.query(`SELECT leaf_index, slip_id, leaf FROM transparency_leaf ORDER BY leaf_index`);

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    // Listening: the tree-head job calls the sandbox TSA over HTTP and the auditor reads /api/log.
    t = await createTestContext({
      listen: true,
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 15);
    for (const g of games) await setOdd(t.ds, g.id, 1, '1.9'); // 3 legs: 6.85, inside the total-odds range
    tipsters = [];
    for (let i = 0; i < 5; i++) tipsters.push(await createUser(t.ds));
    stateDir = mkdtempSync(join(tmpdir(), 'log-verify-'));
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it('appends each slip published concurrently once, at indexes 0… with no gap, in its publish transaction', async () => {
    const slips = await Promise.all(
      tipsters.slice(0, 4).map((u, i) => publishSlip(t, u.user.id, games.slice(3 * i, 3 * i + 3))),
    );
    published.push(...slips.map((s) => s.id));
    const rows = await leafRows();
    expect(rows.map((r) => Number(r.leaf_index))).toEqual([0, 1, 2, 3]);
    expect(rows.map((r) => r.slip_id).sort((a, b) => a - b)).toEqual(
      [...published].sort((a, b) => a - b),
    );
    const commitments = await t.ds.query(`SELECT id, commitment FROM slip WHERE id = ANY($1)`, [
      published,
    ]);
    for (const c of commitments)
      expect(rows.find((r) => r.slip_id === c.id)!.leaf).toBe(slipLeaf(c.id, c.commitment));
    const [{ size }] = await t.ds.query(`SELECT size::int FROM transparency_log`);
    expect(size).toBe(4);
    // 4 leaves → 4 leaf hashes, 2 nodes of two, 1 of four.
    expect(
      await t.ds.query(
        `SELECT level, count(*)::int AS n FROM transparency_node GROUP BY level ORDER BY level`,
      ),
    ).toEqual([
      { level: 0, n: 4 },
      { level: 1, n: 2 },
      { level: 2, n: 1 },
    ]);
  });

  it('an append whose transaction rolls back leaves no leaf, node or index behind', async () => {
    const log = t.get(TransparencyLogService);
    await expect(
      t.ds.transaction(async (em) => {
        await log.appendSlips(em, [{ slipId: 999_999, commitment: 'f'.repeat(64) }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await leafRows()).map((r) => Number(r.leaf_index))).toEqual([0, 1, 2, 3]);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM transparency_node WHERE level = 0`,
    );
    expect(n).toBe(4);
    expect(await t.ds.query(`SELECT size::int FROM transparency_log`)).toEqual([{ size: 4 }]);
  });

  it('appends slips committed before the log existed, oldest first, once however many workers boot', async () => {
    const u = tipsters[4].user.id;
    const made: { id: number }[] = await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, date_created, commitment, commit_salt)
       VALUES ($1, 100, '3.00', '2026-01-02T10:00:00Z', $2, $3), ($1, 100, '3.00', '2026-01-01T10:00:00Z', $4, $3)
       RETURNING id`,
      [u, 'a'.repeat(64), '0'.repeat(64), 'b'.repeat(64)],
    );
    const publishing = t.get(SlipPublishService);
    const counts = await Promise.all([
      publishing.appendUnloggedToLog(),
      publishing.appendUnloggedToLog(),
      publishing.appendUnloggedToLog(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const rows = await leafRows();
    // The one published on 1 January first.
    expect(rows.slice(4).map((r) => r.slip_id)).toEqual([made[1].id, made[0].id]);
    expect(rows.map((r) => Number(r.leaf_index))).toEqual([0, 1, 2, 3, 4, 5]);
    published.push(made[1].id, made[0].id);
  });

  it('signs a C2SP checkpoint of the log and time-stamps it at the sandbox TSA (RFC 3161)', async () => {
    const heads = t.get(TreeHeadService);
    expect(await heads.run()).toEqual({ signed: 6, timestamped: 1 });
    expect(await heads.run()).toEqual({ signed: null, timestamped: 0 }); // nothing new
    const key = (await t.request('GET', '/api/log/public-key')).body;
    expect(key).toMatchObject({
      origin: 'localhost/tipske-log',
      algorithm: 'Ed25519',
      key_id: 'cc63115c',
    });
    const head = (await t.request('GET', '/api/log/tree-head')).body;
    expect(head.tree_size).toBe(6);
    const vkey = parseVerifierKey(key.verifier_key);
    expect(verifyNote(head.checkpoint, vkey)).toBe(true);
    const cp = parseCheckpoint(parseNote(head.checkpoint).text);
    expect(cp).toEqual({ origin: 'localhost/tipske-log', size: 6, root: b64(head.root_hash) });
    const text = await t.request('GET', '/api/log/checkpoint');
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.text).toBe(head.checkpoint);
    const check = await checkTimestampToken(
      b64(head.timestamp.token),
      Buffer.from(head.checkpoint, 'utf8'),
    );
    expect(check).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      signer: 'TipsKE sandbox TSA',
    });
    expect(head.timestamp.tsa_url).toBe(`${t.baseUrl}/sandbox/tsa`);
    expect((await t.request('GET', '/api/log/tree-heads')).body).toEqual({ sizes: [6] });
  });

  it('the sandbox TSA speaks RFC 3161 over HTTP: 415 for another content type, a rejection for a malformed query', async () => {
    const wrong = await t.request('POST', '/sandbox/tsa', {
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrong.status).toBe(415);
    const junk = await fetch(`${t.baseUrl}/sandbox/tsa`, {
      method: 'POST',
      body: 'not DER',
      headers: { 'content-type': 'application/timestamp-query' },
    });
    expect(junk.status).toBe(200);
    expect(junk.headers.get('content-type')).toContain('application/timestamp-reply');
    const reply = Buffer.from(await junk.arrayBuffer());
    expect(() => tokenFromReply(reply, Buffer.from('x'), Buffer.alloc(8))).toThrow('status 2');
    const cert = await t.request('GET', '/sandbox/tsa/certificate');
    expect(cert.text).toContain('BEGIN CERTIFICATE');
  });

  it('serves inclusion proofs, by index and by slip, that verify against the signed root', async () => {
    const head = (await t.request('GET', '/api/log/tree-head')).body;
    const root = b64(head.root_hash);
    for (let i = 0; i < 6; i++) {
      const p = (await t.request('GET', `/api/log/proof/inclusion?index=${i}`)).body;
      expect(p).toMatchObject({ leaf_index: i, tree_size: 6 });
      expect(p.tree_head.checkpoint).toBe(head.checkpoint);
      expect(b64(p.leaf_hash)).toEqual(leafHash(Buffer.from(p.leaf, 'utf8')));
      expect(verifyInclusion(i, 6, b64(p.leaf_hash), p.hashes.map(b64), root)).toBe(true);
    }
    const bySlip = (await t.request('GET', `/api/log/proof/inclusion?slip=${published[0]}`)).body;
    expect(parseSlipLeaf(bySlip.leaf)!.slipId).toBe(published[0]);
    expect(
      verifyInclusion(bySlip.leaf_index, 6, b64(bySlip.leaf_hash), bySlip.hashes.map(b64), root),
    ).toBe(true);
    // In a smaller tree (no head of that size is stored: tree_head null).
    const small = (await t.request('GET', '/api/log/proof/inclusion?index=1&size=3')).body;
    expect(small).toMatchObject({ tree_size: 3, tree_head: null });
    expect(small.hashes).toHaveLength(2);
  });

  it("the public export carries each slip's commitment, log index and proof path", async () => {
    const res = await t.request('GET', '/api/export/slips.json');
    expect(res.status).toBe(200);
    const rows = await leafRows();
    for (const id of published.slice(0, 4)) {
      const s = (
        res.body as { id: number; commitment: string; log_index: number; log_proof: string }[]
      ).find((x) => x.id === id)!;
      const index = Number(rows.find((r) => r.slip_id === id)!.leaf_index);
      expect(s).toMatchObject({
        log_index: index,
        log_proof: `/api/log/proof/inclusion?index=${index}`,
      });
      expect(rows[index].leaf).toBe(slipLeaf(id, s.commitment));
    }
    const csv = await t.request('GET', '/api/export/slips.csv');
    expect(csv.text.split('\r\n')[0]).toMatch(/,score,commitment,log_index$/);
    expect(csv.text).toContain(
      `,${rows[Number(rows.find((r) => r.slip_id === published[0])!.leaf_index)].leaf.slice(-64)},`,
    );
  });

  it('answers a bad or out-of-range parameter with 400 or 404 and a message, never 500', async () => {
    const cases: [string, number, RegExp][] = [
      ['/api/log/proof/inclusion', 400, /either index or slip/],
      ['/api/log/proof/inclusion?index=1&slip=2', 400, /either index or slip/],
      ['/api/log/proof/inclusion?index=-1', 400, /index must be a whole number/],
      ['/api/log/proof/inclusion?index=1.5', 400, /index must be a whole number/],
      ['/api/log/proof/inclusion?index=99999999999999999999', 400, /index must be a whole number/],
      ['/api/log/proof/inclusion?index=abc', 400, /index must be a whole number/],
      ['/api/log/proof/inclusion?index=6', 400, /index must be below the log's size \(6\)/],
      [
        `/api/log/proof/inclusion?slip=${published[0]}&size=0`,
        400,
        /index must be below size \(0\); slip \d+ is leaf \d/,
      ],
      ['/api/log/proof/inclusion?index=0&size=7', 400, /size must be at most the log's size \(6\)/],
      ['/api/log/proof/inclusion?index=0&size=0', 400, /index must be below size \(0\)/],
      ['/api/log/proof/inclusion?index=0&size=01', 400, /size must be a whole number/],
      ['/api/log/proof/inclusion?slip=424242', 404, /Slip 424242 is not in the log/],
      ['/api/log/proof/inclusion?index[]=1', 400, /either index or slip/],
      ['/api/log/proof/inclusion?index=1&index=2', 400, /index must be a whole number/],
      ['/api/log/proof/consistency?first=1', 400, /second is required/],
      ['/api/log/proof/consistency?first=5&second=3', 400, /first must not be above second/],
      [
        '/api/log/proof/consistency?first=1&second=9007199254740991',
        400,
        /second must be at most the log's size \(6\)/,
      ],
      ['/api/log/proof/consistency?first=x&second=3', 400, /first must be a whole number/],
      ['/api/log/leaves?start=0', 400, /end is required/],
      ['/api/log/leaves?start=3&end=3', 400, /end must be above start/],
      ['/api/log/leaves?start=6&end=9', 400, /start must be below the log's size \(6\)/],
      ['/api/log/tree-head?size=5', 404, /No tree head of size 5/],
      ['/api/log/tree-head?size=-5', 400, /size must be a whole number/],
      ['/api/log/tree-heads?before=x', 400, /before must be a whole number/],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.request('GET', url);
      expect({ url, status: res.status }).toEqual({ url, status });
      expect(res.body.message).toMatch(message);
    }
    // A valid edge: the empty consistency proof, and leaves cut at the log's size.
    expect((await t.request('GET', '/api/log/proof/consistency?first=0&second=6')).body).toEqual({
      first: 0,
      second: 6,
      hashes: [],
    });
    expect((await t.request('GET', '/api/log/leaves?start=4&end=100')).body).toMatchObject({
      start: 4,
      end: 6,
    });
  });

  it('log:verify audits the log, proves consistency between two tree heads, and fails once a leaf row is deleted', async () => {
    const args = parseLogVerifyArgs([t.baseUrl, '--state', join(stateDir, 'head.json')]);
    const lines: string[] = [];
    expect(await auditLog(args, (l) => lines.push(l))).toMatchObject({ size: 6 });
    expect(lines.join('\n')).toMatch(/time-stamped .* by TipsKE sandbox TSA/);

    // The log grows; a second head is signed. The auditor checks the saved head (size 6) against it.
    const more = await publishSlip(t, tipsters[4].user.id, games.slice(12, 15));
    published.push(more.id);
    expect(await t.get(TreeHeadService).run()).toEqual({ signed: 7, timestamped: 1 });
    // Without ?size= a proof goes to the first signed head containing the leaf: its timestamp is the earliest proof.
    expect((await t.request('GET', '/api/log/proof/inclusion?index=5')).body).toMatchObject({
      tree_size: 6,
      tree_head: { tree_size: 6 },
    });
    expect((await t.request('GET', `/api/log/proof/inclusion?slip=${more.id}`)).body).toMatchObject(
      { leaf_index: 6, tree_size: 7 },
    );
    const consistency = (await t.request('GET', '/api/log/proof/consistency?first=6&second=7'))
      .body;
    const [h6, h7] = [
      (await t.request('GET', '/api/log/tree-head?size=6')).body,
      (await t.request('GET', '/api/log/tree-head')).body,
    ];
    expect(
      verifyConsistency(6, 7, b64(h6.root_hash), b64(h7.root_hash), consistency.hashes.map(b64)),
    ).toBe(true);
    lines.length = 0;
    const sandboxCert = join(stateDir, 'tsa.pem');
    require('fs').writeFileSync(
      sandboxCert,
      (await t.request('GET', '/sandbox/tsa/certificate')).text,
    );
    expect(
      await auditLog({ ...args, fromSize: 6, tsaCert: sandboxCert }, (l) => lines.push(l)),
    ).toMatchObject({ size: 7 });
    expect(lines.filter((l) => /consistent with size 7/.test(l))).toHaveLength(2); // the saved head and tree head 6
    expect(lines.join('\n')).toContain('(trusted certificate)');

    // Someone deletes a leaf row in the database: the audit fails and names it.
    await t.ds.query(`DELETE FROM transparency_leaf WHERE leaf_index = 2`);
    await expect(auditLog(args)).rejects.toThrow(
      new AuditFailure('leaf 2 is missing from the log (the next one served is 3)'),
    );
  });

  it('log:verify refuses a key other than the pinned one, and bad arguments', async () => {
    const args = parseLogVerifyArgs([
      t.baseUrl,
      '--state',
      join(stateDir, 'other.json'),
      '--key',
      'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
    ]);
    await expect(auditLog(args)).rejects.toThrow(/not the pinned PeterNeumann/);
    expect(() => parseLogVerifyArgs([])).toThrow(/usage: npm run log:verify -- URL/);
    expect(() => parseLogVerifyArgs(['ftp://x'])).toThrow(/URL must be http/);
    expect(() => parseLogVerifyArgs(['http://x', '--from-size', 'a'])).toThrow(
      /--from-size must be a whole number/,
    );
  });
});
