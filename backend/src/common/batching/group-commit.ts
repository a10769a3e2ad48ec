import { Logger } from '@nestjs/common';

/** How a GroupCommit applies its items. */
export interface GroupCommitOptions<T, R> {
  /** Logger context. */
  name: string;
  /** Most items in one batch. */
  maxBatch: number;
  /** Batches running at once (each usually holds one pool connection while its transaction runs). */
  maxInFlight: number;
  /**
   * Applies a batch, normally in one database transaction: per item, in order, its result or the
   * Error its caller gets. Throwing means nothing of the batch was kept: every item is then
   * applied alone with `single`.
   */
  runBatch: (items: T[]) => Promise<(R | Error)[]>;
  /** Applies one item alone (after a failed batch). */
  single: (item: T) => Promise<R>;
}

/**
 * Group commit (docs/PERFORMANCE.md "Payment callbacks"): callers `submit` one item each
 * and wait for its own result; items submitted while batches are being written wait for the next
 * one, so under load one transaction serves many callers and alone an item is applied at once
 * (the first batch starts on the next turn of the event loop). A batch that fails is retried item
 * by item, so one bad item never fails the others.
 */
export class GroupCommit<T, R> {
  private readonly logger: Logger;
  private readonly waiting: { item: T; resolve: (r: R) => void; reject: (err: unknown) => void }[] =
    [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly opts: GroupCommitOptions<T, R>) {
    this.logger = new Logger(opts.name);
  }

  /** Applies `item` in the next batch; resolves with its result, rejects with its error. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  private pump(): void {
    while (this.inFlight < this.opts.maxInFlight && this.waiting.length) {
      const batch = this.waiting.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: GroupCommit<T, R>['waiting']): Promise<void> {
    let results: (R | Error)[];
    try {
      results = await this.opts.runBatch(batch.map((w) => w.item));
    } catch (err) {
      this.logger.warn(
        { err: err instanceof Error ? err.message : String(err), size: batch.length },
        'batch failed; applying its items one by one',
      );
      await Promise.all(batch.map((w) => this.opts.single(w.item).then(w.resolve, w.reject)));
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i];
      if (r instanceof Error) w.reject(r);
      else w.resolve(r);
    });
  }
}
