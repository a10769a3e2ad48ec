import { Injectable, Logger } from '@nestjs/common';
import { Sql } from '../common/sql';
import { FaultRepository } from '../faults/fault.repository';
import { OutboundKind } from '../sandbox.constants';
import { SandboxSettings } from '../sandbox.settings';
import {
  OutboundCallback,
  OutboundRepository,
  OutboundRow,
  OutboundView,
} from './outbound.repository';

/** Answers that will not change on a retry: give up at once. Anything else is retried. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 405, 410, 413, 415, 422]);

/** What one delivery attempt did. */
export type DeliveryResult =
  { delivered: true; status: number } | { delivered: false; status: number | null; error: string };

/**
 * Sends the sandbox's callbacks (STK callbacks, B2C results, Flutterwave webhooks, Africa's
 * Talking delivery reports) from the persisted queue, with a few retries and exponential backoff.
 * A target that is down, slow or answering errors is logged and retried, never an app crash.
 */
@Injectable()
export class OutboundService {
  private readonly logger = new Logger('Sandbox');
  private listener?: () => void;
  private deliveredBuffer: { id: string; status: number }[] = [];
  private deliveredFlush?: Promise<void>;

  constructor(
    private readonly outbound: OutboundRepository,
    private readonly faults: FaultRepository,
    private readonly settings: SandboxSettings,
  ) {}

  /**
   * Queues a callback inside the caller's transaction (`db`). An armed `callback.*` fault drops
   * it instead (stored as given up, never sent), to let tests exercise reconciliation; so does
   * `opts.drop`.
   * Call `notify()` after the commit to send it without waiting for the next sweep.
   */
  async enqueue(
    db: Sql,
    cb: Omit<OutboundCallback, 'maxAttempts'>,
    opts: { drop?: boolean } = {},
  ): Promise<void> {
    const dropped = opts.drop === true || (await this.faults.consume(cb.kind, db)) !== null;
    await this.outbound.insert(
      { ...cb, maxAttempts: this.settings.callbackAttempts },
      dropped ? 'dropped by fault injection' : undefined,
      db,
    );
  }

  /** `enqueue` for several callbacks at once (one statement unless a `callback.*` fault is armed). */
  async enqueueMany(db: Sql, cbs: Omit<OutboundCallback, 'maxAttempts'>[]): Promise<void> {
    const kinds = [...new Set(cbs.map((cb) => cb.kind))];
    let armed = false;
    for (const kind of kinds) armed ||= await this.faults.isArmed(kind, db);
    if (armed) {
      for (const cb of cbs) await this.enqueue(db, cb);
      return;
    }
    await this.outbound.insertMany(
      cbs.map((cb) => ({ ...cb, maxAttempts: this.settings.callbackAttempts })),
      db,
    );
  }

  /** Queues the latest callback of `kind` for `reference` again (a repeated delivery). */
  async resend(kind: OutboundKind, reference: string): Promise<boolean> {
    const last = await this.outbound.latest(kind, reference);
    if (!last) return false;
    await this.outbound.insert({
      kind,
      reference,
      sequenceKey: last.sequence_key ?? undefined,
      url: last.url,
      contentType: last.content_type,
      headers: last.headers,
      body: last.body,
      maxAttempts: this.settings.callbackAttempts,
    });
    this.notify();
    return true;
  }

  /** Tells the sweeper that callbacks were queued (it then runs at once). */
  notify(): void {
    this.listener?.();
  }

  /** The sweeper registers here to be woken by `notify`. */
  onQueued(listener: () => void): void {
    this.listener = listener;
  }

  /** Claims due callbacks (at most `limit`) for `lockMs`: no other process sends them meanwhile. */
  claimDue(limit: number, lockMs: number): Promise<OutboundRow[]> {
    return this.outbound.claimDue(limit, lockMs);
  }

  /** Gives claimed callbacks that were not attempted back to the queue (shutdown). */
  release(rows: OutboundRow[]): Promise<void> {
    return this.outbound.release(rows.map((r) => r.id));
  }

  /** Sends one claimed callback and records the outcome (delivered, retry later, or give up). */
  async deliver(row: OutboundRow, shutdown: AbortSignal): Promise<DeliveryResult> {
    const result = await this.post(row, shutdown);
    try {
      if (result.delivered) {
        await this.recordDelivered(row.id, result.status);
      } else {
        const permanent = result.status !== null && PERMANENT_STATUSES.has(result.status);
        const last = row.attempts >= row.max_attempts;
        const retryIn =
          permanent || last || shutdown.aborted
            ? null
            : this.settings.callbackRetryMs * 2 ** (row.attempts - 1);
        if (shutdown.aborted && !permanent && !last) {
          // Shutting down: leave it for the next process (the lock expires), do not give up.
          await this.outbound.markFailed(row.id, result.status, result.error, 0);
        } else {
          await this.outbound.markFailed(row.id, result.status, result.error, retryIn);
        }
        this.logger.warn(
          `${row.kind} ${row.reference} → ${row.url}: ${result.error} (attempt ${row.attempts}/${row.max_attempts}${retryIn === null ? ', giving up' : ''})`,
        );
      }
    } catch (err) {
      this.logger.error(
        `could not record delivery of ${row.kind} ${row.reference}: ${(err as Error).message}`,
      );
    }
    return result;
  }

  /** Successful deliveries are written in batches (one UPDATE for all that finished meanwhile). */
  private recordDelivered(id: string, status: number): Promise<void> {
    this.deliveredBuffer.push({ id, status });
    this.deliveredFlush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const batch = this.deliveredBuffer;
      this.deliveredBuffer = [];
      this.deliveredFlush = undefined;
      return this.outbound.markDeliveredMany(batch);
    });
    return this.deliveredFlush;
  }

  /** Recent callbacks for GET /sandbox/api/deliveries. */
  recent(filter: { reference?: string; kind?: string; limit: number }): Promise<OutboundView[]> {
    return this.outbound.recent(filter);
  }

  private async post(row: OutboundRow, shutdown: AbortSignal): Promise<DeliveryResult> {
    const signal = AbortSignal.any([
      AbortSignal.timeout(this.settings.callbackTimeoutMs),
      shutdown,
    ]);
    try {
      const res = await fetch(row.url, {
        method: 'POST',
        headers: {
          ...row.headers,
          'content-type': row.content_type,
          'user-agent': 'tips-sandbox/1',
        },
        body: row.body,
        redirect: 'manual',
        signal,
      });
      const text = await res.text().catch(() => '');
      if (res.status >= 200 && res.status < 300) return { delivered: true, status: res.status };
      return {
        delivered: false,
        status: res.status,
        error: `HTTP ${res.status} ${text.slice(0, 200)}`.trim(),
      };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      const reason = shutdown.aborted
        ? 'shutdown'
        : signal.aborted
          ? 'timeout'
          : (cause ?? (err as Error).message);
      return { delivered: false, status: null, error: reason };
    }
  }
}
