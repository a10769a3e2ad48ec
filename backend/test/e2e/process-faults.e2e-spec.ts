import { spawnSync } from 'child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { REPO_ROOT } from '../../src/config/app-config';
import { ReplayClock } from '../../src/modules/fixtures/replay-clock.service';
import { SMS_SENDING_STALE_MS } from '../../src/modules/notifications/sms/sms.service';
import { createUser } from '../factories/account';
import { dataDirWith, importFixtures } from '../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../factories/slip';
import { buildBackendIfStale, startProcess, TestProcess } from '../setup/processes';
import { eventually } from '../support/eventually';
import { createTestContext, deleteRedisKeys, freePort, TestContext } from '../setup/test-app';

jest.setTimeout(900_000);

/**
 * Faults with real processes (docs/RELIABILITY.md, "Faults with real processes"): the built app as
 * production runs it — 2 api processes (ROLE=api) and 2 workers (backend/dist/worker.js) — on a
 * PostgreSQL and a Redis of this test's own (other ports, so the machine's shared servers are
 * never stopped). Batches of M-Pesa purchases are paid on the sandbox phone while one thing
 * breaks: a worker is killed with SIGKILL mid-batch, Redis is stopped and restarted with its
 * data, then without it, and PostgreSQL is restarted. After each: every purchase is paid exactly
 * once (one sale and one share in the ledger, a receipt stored), within 60 s of the recovery, and
 * every buyer has the picks SMS.
 */

const DIST = join(REPO_ROOT, 'backend', 'dist');
const PG_BIN = (() => {
  const out = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : '/usr/lib/postgresql/15/bin';
})();
const BATCH = Number(process.env.FAULT_BATCH ?? 24);
const RECOVERY_MS = 60_000;
/**
 * How long a buyer may wait for the picks SMS after a fault: a send the fault cut off mid-way is
 * `sending` until SMS_SENDING_STALE_MS has passed, then the next `requeue-sms` sweep (every
 * minute) sends it again, so the bound is the stale time, one sweep period and the send itself
 * (docs/RELIABILITY.md "SMS: at least once").
 */
const SMS_RECOVERY_MS = SMS_SENDING_STALE_MS + 60_000 + 30_000;

/** A PostgreSQL cluster of this test's own, run as the `postgres` system user (initdb refuses root). */
class PrivatePostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'tips-faults-pg-'));
  constructor(readonly port: number) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/tips`;
  }

  private pg(bin: string, args: string[]): void {
    const asPostgres = process.getuid?.() === 0;
    const r = asPostgres
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(join(PG_BIN, bin), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  }

  init(): void {
    if (process.getuid?.() === 0) {
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      chownSync(this.dir, Number(ids.stdout), Number(gid.stdout));
      chmodSync(this.dir, 0o700);
    }
    this.pg('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
    this.pg('createdb', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', 'tips']);
  }

  start(): void {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    this.pg('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-o',
      opts,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  stop(): void {
    this.pg('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  destroy(): void {
    try {
      if (existsSync(join(this.dir, 'data', 'postmaster.pid'))) this.stop();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

/** A Redis of this test's own; `stop(true)` keeps its data (SHUTDOWN SAVE), `stop(false)` loses it. */
class PrivateRedis {
  readonly dir = mkdtempSync(join(tmpdir(), 'tips-faults-redis-'));
  proc?: TestProcess;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = startProcess(
      'redis',
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
        '--dbfilename',
        'dump.rdb',
      ],
      {},
    );
    await eventually(
      async () =>
        spawnSync('redis-cli', ['-p', String(this.port), 'ping'], {
          encoding: 'utf8',
        }).stdout.includes('PONG'),
      { timeoutMs: 20_000, intervalMs: 250, what: 'private redis answers' },
    );
  }

  async stop(keepData: boolean): Promise<void> {
    spawnSync('redis-cli', ['-p', String(this.port), 'shutdown', keepData ? 'save' : 'nosave']);
    await this.proc?.exited;
    if (!keepData) rmSync(join(this.dir, 'dump.rdb'), { force: true });
  }

  async destroy(): Promise<void> {
    await this.proc?.stop('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A purchase of this test: the buyer's phone and the STK push's CheckoutRequestID. */
interface Buy {
  msisdn: string;
  /** The STK prompt to accept, for a buy by STK push. */
  checkoutRequestId?: string;
  /** The paybill reference to pay from the sandbox phone's Pay bill, for a buy by paybill (Daraja C2B, docs/PRODUCT-RULES.md R200-R202). */
  paybill?: { business: string; account: string; amount: string };
}

describe('faults with real processes: 2 api + 2 workers, worker killed, Redis and PostgreSQL restarted', () => {
  let data: ReturnType<typeof dataDirWith>;
  let prep: TestContext;
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let storageDir: string;
  let slipId: number;
  let env: Record<string, string>;
  const apis: TestProcess[] = [];
  const workers: TestProcess[] = [];
  const bases: string[] = [];
  const figures: string[] = [];
  let db: Client | undefined;
  let phoneSeq = 0;
  const run = Date.now().toString().slice(-3);

  const sqlRows = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    if (!db) {
      db = new Client({ connectionString: pg.url });
      db.on('error', () => (db = undefined));
      await db.connect().catch((err) => {
        db = undefined;
        throw err;
      });
    }
    try {
      return (await db.query(text, params)).rows as T[];
    } catch (err) {
      await db?.end().catch(() => {});
      db = undefined;
      throw err;
    }
  };

  const startWorker = (i: number): TestProcess =>
    startProcess(`worker${i}`, process.execPath, [join(DIST, 'worker.js')], {
      ...env,
      ROLE: 'worker',
    });

  beforeAll(async () => {
    buildBackendIfStale();

    // One slip on sale, prepared in-process on a scratch database of the shared server, then
    // copied (pg_dump → pg_restore) to this test's own PostgreSQL.
    data = dataDirWith(['E0-2025-26.csv']);
    prep = await createTestContext({ env: { FOOTBALL_DATA_DIR: data.dir } });
    await importFixtures(prep);
    const { dataNow } = await prep.get(ReplayClock).frame();
    const games = await tippableGames(prep.ds, new Date(dataNow.getTime() + 3 * 3600_000), 3);
    for (const g of games) await setOdd(prep.ds, g.id, 1, '2.00');
    const tipster = await createUser(prep.ds, { username: `faults_${run}`, role: 'tipster' });
    slipId = (await publishSlip(prep, tipster.user.id, games, { amount: 100 })).id;
    await prep.app.close();
    await deleteRedisKeys(prep.redisPrefix);

    pg = new PrivatePostgres(await freePort());
    pg.init();
    const dump = join(pg.dir, 'prep.dump');
    const d = spawnSync(join(PG_BIN, 'pg_dump'), ['-Fc', '-f', dump, prep.db.url], {
      encoding: 'utf8',
    });
    if (d.status !== 0) throw new Error(`pg_dump: ${d.stderr}`);
    const r = spawnSync(join(PG_BIN, 'pg_restore'), ['--no-owner', '-d', pg.url, dump], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`pg_restore: ${r.stderr}`);
    await prep.db.drop();

    redis = new PrivateRedis(await freePort());
    await redis.start();

    storageDir = mkdtempSync(join(tmpdir(), 'tips-faults-storage-'));
    const ports = [await freePort(), await freePort()];
    env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `faults-${run}`,
      STORAGE_DIR: storageDir,
      FOOTBALL_DATA_DIR: data.dir,
      // One public address (as behind a load balancer): the sandbox's callbacks reach api 1.
      PUBLIC_URL: `http://localhost:${ports[0]}`,
      // The test stands for the proxy: buyers come with their own addresses.
      TRUST_PROXY: '127.0.0.1',
      SANDBOX_STK_TIMEOUT_MS: '900000',
      SANDBOX_CALLBACK_ATTEMPTS: '12',
      SANDBOX_CALLBACK_RETRY_MS: '1000',
      LOG_LEVEL: 'warn',
    };
    ports.forEach((port, i) => {
      apis.push(
        startProcess(`api${i + 1}`, process.execPath, [join(DIST, 'main.js')], {
          ...env,
          ROLE: 'api',
          PORT: String(port),
        }),
      );
      bases.push(`http://127.0.0.1:${port}`);
    });
    workers.push(startWorker(1), startWorker(2));
    for (const [i, base] of bases.entries()) {
      await eventually(async () => (await fetch(`${base}/api/health`)).ok, {
        timeoutMs: 180_000,
        intervalMs: 250,
        what: `api${i + 1} answers /api/health`,
      }).catch((err) => {
        throw new Error(`${err.message}\n${apis[i].output().slice(-3000)}`);
      });
    }
    for (const w of workers)
      await eventually(async () => w.output().includes('worker started'), {
        timeoutMs: 180_000,
        intervalMs: 250,
        what: `${w.name} starts`,
      });
  });

  afterAll(async () => {
    await db?.end().catch(() => {});
    for (const p of [...apis, ...workers]) await p.stop('SIGKILL');
    await redis?.destroy();
    pg?.destroy();
    await prep?.db.drop().catch(() => {});
    if (prep) rmSync(prep.storageDir, { recursive: true, force: true });
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
    data?.remove();
    if (figures.length) console.log(`faults with real processes:\n${figures.join('\n')}`);
  });

  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /** The keys of the job schedulers in this test's Redis. */
  const schedulerKeys = (): string =>
    spawnSync('redis-cli', ['-p', String(redis.port), '--scan', '--pattern', '*repeat*'], {
      encoding: 'utf8',
    }).stdout;

  /**
   * `n` buys of the slip from `n` phones, spread over both api processes: every fourth by M-Pesa
   * paybill (the reference of POST /api/processor/buy-paybill, paid later by a Daraja C2B
   * confirmation), the others by STK push.
   */
  const pushes = async (n: number): Promise<Buy[]> => {
    const buys: Buy[] = [];
    for (let i = 0; i < n; i++) {
      phoneSeq += 1;
      const local = `0799${run}${String(phoneSeq).padStart(3, '0')}`;
      const msisdn = `254${local.slice(1)}`;
      const base = bases[i % bases.length];
      if (i % 4 === 3) {
        const res = await post(
          base,
          '/api/processor/buy-paybill',
          { phone: local, slip: slipId },
          { 'x-forwarded-for': `10.77.${phoneSeq >> 8}.${phoneSeq & 255}` },
        );
        const ref = (await res.json()) as { paybill: string; account: string; amount: string };
        expect(res.status).toBe(200);
        buys.push({
          msisdn,
          paybill: {
            business: ref.paybill,
            account: ref.account,
            amount: String(Math.round(Number(ref.amount))),
          },
        });
        continue;
      }
      const res = await post(
        base,
        '/api/processor/buy',
        { phone: local, slip: slipId },
        { 'x-forwarded-for': `10.77.${phoneSeq >> 8}.${phoneSeq & 255}` },
      );
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 200,
        body: { message: 'Request Sent' },
      });
      const prompt = await eventually(
        async () => {
          const phone = (await (
            await fetch(`${bases[0]}/sandbox/api/phones/${msisdn}`)
          ).json()) as { prompts: { checkoutRequestId: string }[] };
          return phone.prompts[0];
        },
        { timeoutMs: 60_000, intervalMs: 250, what: `the STK prompt on ${msisdn}` },
      );
      buys.push({ msisdn, checkoutRequestId: prompt.checkoutRequestId });
    }
    return buys;
  };

  /** Accepts each prompt, or pays each paybill reference, on the sandbox phone (PIN typed); `during` runs once `after` are done. */
  const acceptAll = async (
    buys: Buy[],
    after: number,
    during: () => Promise<void>,
  ): Promise<void> => {
    let duringRun: Promise<void> | undefined;
    for (const [i, b] of buys.entries()) {
      if (i === after) duringRun = during();
      const res = await eventually(
        async () => {
          const r = b.paybill
            ? await post(bases[0], `/sandbox/api/phones/${b.msisdn}/paybill`, {
                ...b.paybill,
                pin: '1234',
              })
            : await post(
                bases[0],
                `/sandbox/api/phones/${b.msisdn}/prompts/${b.checkoutRequestId}/accept`,
                { pin: '1234' },
              );
          return r.status === 200 ? r : null;
        },
        {
          timeoutMs: 180_000,
          intervalMs: 250,
          what: `accept ${b.checkoutRequestId ?? b.paybill?.account}`,
        },
      );
      expect(res.status).toBe(200);
    }
    await (duringRun ?? during());
  };

  /** Waits until every purchase of `buys` is paid, then checks exactly one effect each. */
  const settled = async (name: string, buys: Buy[], recoveredAt: number): Promise<void> => {
    const phones = buys.map((b) => b.msisdn);
    const paidAt = await eventually(
      async () => {
        const [row] = await sqlRows<{ paid: string }>(
          `SELECT count(*) AS paid FROM purchase WHERE phone = ANY($1) AND status = 'paid'`,
          [phones],
        );
        return Number(row.paid) === buys.length ? Date.now() : null;
      },
      { timeoutMs: RECOVERY_MS + 30_000, intervalMs: 250, what: `${name}: every purchase paid` },
    );
    const purchases = await sqlRows<{
      id: string;
      phone: string;
      receipt: string | null;
      status: string;
    }>(`SELECT id, phone, receipt, status FROM purchase WHERE phone = ANY($1)`, [phones]);
    expect(purchases).toHaveLength(buys.length);
    expect(purchases.filter((p) => !p.receipt)).toEqual([]);
    const ledger = await sqlRows<{ purchase_id: string; kind: string; n: string }>(
      `SELECT purchase_id, kind, count(*) AS n FROM ledger_entry WHERE purchase_id = ANY($1) GROUP BY purchase_id, kind`,
      [purchases.map((p) => p.id)],
    );
    const perPurchase = new Map<string, string[]>();
    for (const l of ledger) {
      expect(Number(l.n)).toBe(1);
      perPurchase.set(l.purchase_id, [...(perPurchase.get(l.purchase_id) ?? []), l.kind].sort());
    }
    const shapes = new Set([...perPurchase.values()].map((k) => k.join(',')));
    expect(perPurchase.size).toBe(buys.length);
    expect(shapes.size).toBe(1);
    // Every buyer has the picks SMS (in the sandbox phone's inbox).
    let doubled = 0;
    for (const b of buys) {
      const count = await eventually(
        async () => {
          const phone = (await (
            await fetch(`${bases[0]}/sandbox/api/phones/${b.msisdn}`)
          ).json()) as { messages: { body: string }[] };
          const n = phone.messages.filter((m) => m.body.startsWith(`Slip ${slipId} `)).length;
          return n > 0 ? n : null;
        },
        {
          timeoutMs: SMS_RECOVERY_MS,
          intervalMs: 250,
          what: `${name}: the picks SMS on ${b.msisdn}`,
        },
      );
      if (count > 1) doubled += 1;
    }
    const afterRecovery = Math.max(0, paidAt - recoveredAt);
    figures.push(
      `${name}: ${buys.length} purchases (${buys.filter((b) => b.paybill).length} by paybill) paid once (${[...shapes][0]} ledger rows each), last paid ${(afterRecovery / 1000).toFixed(1)} s after recovery (the kill, or the restart), picks SMS doubled for ${doubled}`,
    );
    expect(afterRecovery).toBeLessThanOrEqual(RECOVERY_MS);
  };

  it('a worker killed with SIGKILL mid-batch: the other worker and the restarted one finish it', async () => {
    const buys = await pushes(BATCH);
    let recoveredAt = 0;
    await acceptAll(buys, Math.floor(BATCH / 3), async () => {
      // Counted from the kill: the other worker takes the dead one's jobs without waiting for it.
      recoveredAt = Date.now();
      workers[0].child.kill('SIGKILL');
      await workers[0].exited;
      workers[0] = startWorker(1);
      await eventually(async () => workers[0].output().includes('worker started'), {
        timeoutMs: 120_000,
        intervalMs: 250,
        what: 'worker1 restarts',
      });
    });
    await settled('worker killed', buys, recoveredAt);
  });

  it('Redis stopped and restarted with its data', async () => {
    const buys = await pushes(BATCH);
    let recoveredAt = 0;
    await acceptAll(buys, Math.floor(BATCH / 2), async () => {
      await redis.stop(true);
      await new Promise((r) => setTimeout(r, 5_000)); // an outage of a few seconds (a length, not a wait for a condition)
      await redis.start();
      recoveredAt = Date.now();
    });
    await settled('Redis restarted with data', buys, recoveredAt);
  });

  it('Redis stopped and restarted without its data: schedulers come back, nothing is lost', async () => {
    expect(schedulerKeys()).toContain('reconcile-stk');
    const buys = await pushes(BATCH);
    let recoveredAt = 0;
    await acceptAll(buys, Math.floor(BATCH / 2), async () => {
      await redis.stop(false);
      await new Promise((r) => setTimeout(r, 5_000)); // outage length
      await redis.start();
      recoveredAt = Date.now();
    });
    await settled('Redis restarted empty', buys, recoveredAt);
    // The repeatable jobs (status checks, SMS re-queue, payouts, settlement) are registered again
    // in the empty Redis, without restarting a process.
    await eventually(async () => schedulerKeys().includes('reconcile-stk'), {
      timeoutMs: RECOVERY_MS,
      intervalMs: 250,
      what: 'the job schedulers are back in Redis',
    });
  });

  it('PostgreSQL restarted during the batch', async () => {
    const buys = await pushes(BATCH);
    let recoveredAt = 0;
    await acceptAll(buys, buys.length, async () => {
      await db?.end().catch(() => {});
      db = undefined;
      pg.stop();
      await new Promise((r) => setTimeout(r, 10_000)); // outage length
      pg.start();
      recoveredAt = Date.now();
    });
    await settled('PostgreSQL restarted', buys, recoveredAt);
  });
});
