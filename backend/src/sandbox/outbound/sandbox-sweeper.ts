import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DarajaSandboxService } from '../daraja/daraja-sandbox.service';
import { SandboxSettings } from '../sandbox.settings';
import { OutboundRow } from './outbound.repository';
import { OutboundService } from './outbound.service';

/** Callbacks sent at once per process. */
const MAX_IN_FLIGHT = 32;
/** Callbacks claimed (and held in this process's queue) at most. */
const CLAIM_BATCH = 256;

/**
 * The sandbox's clock: every SANDBOX_SWEEP_INTERVAL_MS (and at once when something is queued)
 * it carries out due deadlines stored in PostgreSQL — auto-accept, the 1037 timeout, B2C results
 * — and sends due callbacks. Deadlines live in the database, so a restart loses nothing; rows are
 * claimed with SKIP LOCKED, so api and worker processes can both run it. A process-local chore
 * (docs/CONTRIBUTING.md §8): no money of ours moves here.
 */
@Injectable()
export class SandboxSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Sandbox');
  private shutdown = new AbortController();
  /** Claimed callbacks waiting for a free slot, and the deliveries under way. */
  private queue: OutboundRow[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  /** When the timers last ran (ms), and whether that run found work. */
  private timersRanAt = 0;
  private timersBusy = false;
  /** The last claim took all it asked for: more callbacks may be due. */
  private backlog = false;

  constructor(
    private readonly daraja: DarajaSandboxService,
    private readonly outbound: OutboundService,
    private readonly settings: SandboxSettings,
  ) {}

  onApplicationBootstrap(): void {
    this.outbound.onQueued(() => this.kick());
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Starts sweeping (at boot). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.shutdown = new AbortController();
    this.schedule(0);
  }

  /**
   * Stops sweeping: waits for the current pass, aborts the callbacks in flight and gives the
   * claimed but unsent ones back. Nothing is lost: what was due stays in the database for the next
   * start or another process.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.shutdown.abort();
    const unsent = this.queue;
    this.queue = [];
    await Promise.allSettled([...this.inFlight]);
    await this.outbound
      .release(unsent)
      .catch((err: Error) => this.logger.warn(`could not release callbacks: ${err.message}`));
  }

  /** Runs a sweep as soon as possible (after the current one, if any). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /**
   * One pass; exposed for tests. Timers run at most once per interval unless their last run found
   * work; callbacks are claimed while the local queue has room. Returns true when there may be
   * more work right away.
   */
  async sweepOnce(): Promise<boolean> {
    let busy = false;
    const now = Date.now();
    if (this.timersBusy || now - this.timersRanAt >= this.settings.sweepIntervalMs) {
      this.timersRanAt = now;
      try {
        this.timersBusy = (await this.daraja.sweep()) > 0;
      } catch (err) {
        this.timersBusy = false;
        this.logger.error(`sandbox timers failed: ${(err as Error).message}`);
      }
      busy = this.timersBusy;
    }
    const room = CLAIM_BATCH - this.queue.length - this.inFlight.size;
    if (room < MAX_IN_FLIGHT || this.stopped) return busy;
    try {
      // Long enough for every claimed row to get its attempt before another process may take it.
      const lockMs =
        this.settings.callbackTimeoutMs * Math.ceil(CLAIM_BATCH / MAX_IN_FLIGHT) + 10_000;
      const rows = await this.outbound.claimDue(room, lockMs);
      this.backlog = rows.length === room;
      this.queue.push(...rows);
      this.pump();
    } catch (err) {
      this.logger.error(`sandbox callbacks failed: ${(err as Error).message}`);
    }
    return busy;
  }

  /** Starts queued deliveries while there are free slots. */
  private pump(): void {
    while (
      this.inFlight.size < MAX_IN_FLIGHT &&
      this.queue.length &&
      !this.shutdown.signal.aborted
    ) {
      const row = this.queue.shift() as OutboundRow;
      const delivery: Promise<unknown> = this.outbound
        .deliver(row, this.shutdown.signal)
        .then((result) => {
          // Delivered: the next callback of its sequence may go now. Failed: retried later.
          if (result.delivered && row.sequence_key) this.kick();
        })
        .catch((err: Error) => this.logger.error(`sandbox delivery failed: ${err.message}`))
        .finally(() => {
          this.inFlight.delete(delivery);
          this.pump();
          if (this.backlog && this.queue.length < MAX_IN_FLIGHT) this.kick();
        });
      this.inFlight.add(delivery);
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.timer = undefined;
    this.running = this.sweepOnce().then((busy) => {
      this.again ||= busy;
    });
    await this.running;
    this.running = undefined;
    const now = this.again;
    this.again = false;
    this.schedule(now ? 0 : this.settings.sweepIntervalMs);
  }
}
