import { Injectable, Logger } from '@nestjs/common';

/** Payload of `slip.settled`. */
export interface SlipSettled {
  slipId: number;
  userId: number;
  result: 'W' | 'L' | 'C';
  /** Money back (docs/PRODUCT-RULES.md R244): a lost slip's buyers are refunded by voucher. */
  moneyBack?: boolean;
  /** Settled accumulator ('2.97'; '1.00' for C). */
  accumulator: string;
  settledAt: Date;
}

export const SLIP_SETTLED = 'slip.settled';

type Listener<T> = (payload: T) => Promise<void> | void;

/**
 * In-process hub of the slip module's events: `slip.settled` (sale shares and list caches
 * subscribe with `onSettledBatch`, one call per settlement batch; `onSettled` is called per slip)
 * and `slip.published` (list caches). Emitted after the transaction commits; listeners must be
 * idempotent (a settlement may be re-emitted after a crash before emit).
 */
@Injectable()
export class SlipEvents {
  private readonly logger = new Logger(SlipEvents.name);
  private readonly settled: Listener<SlipSettled>[] = [];
  private readonly settledBatch: Listener<SlipSettled[]>[] = [];
  private readonly published: Listener<number>[] = [];

  /** Subscribes to `slip.settled`; returns an unsubscribe. */
  onSettled(listener: Listener<SlipSettled>): () => void {
    this.settled.push(listener);
    return () => this.settled.splice(this.settled.indexOf(listener) >>> 0, 1);
  }

  /** Subscribes to `slip.settled` by batch: one call with every slip a settlement batch settled; returns an unsubscribe. */
  onSettledBatch(listener: Listener<SlipSettled[]>): () => void {
    this.settledBatch.push(listener);
    return () => this.settledBatch.splice(this.settledBatch.indexOf(listener) >>> 0, 1);
  }

  /** Subscribes to `slip.published` (slip id); returns an unsubscribe. */
  onPublished(listener: Listener<number>): () => void {
    this.published.push(listener);
    return () => this.published.splice(this.published.indexOf(listener) >>> 0, 1);
  }

  /** `slip.settled` for one slip. */
  async emitSettled(event: SlipSettled): Promise<void> {
    await this.emitSettledBatch([event]);
  }

  /** `slip.settled` for the slips one settlement transaction settled: batch listeners once, per-slip listeners per slip. */
  async emitSettledBatch(events: SlipSettled[]): Promise<void> {
    if (!events.length) return;
    this.logger.debug(`${SLIP_SETTLED}: ${events.length} slip(s)`);
    for (const l of [...this.settledBatch]) await l(events);
    for (const event of events) for (const l of [...this.settled]) await l(event);
  }

  async emitPublished(slipId: number): Promise<void> {
    for (const l of [...this.published]) await l(slipId);
  }
}
