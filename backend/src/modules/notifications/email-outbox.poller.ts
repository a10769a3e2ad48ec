import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { EmailOutboxService } from './email-outbox.service';

/** How often the worker looks for e-mails to retry (ms). */
export const EMAIL_RETRY_INTERVAL_MS = 30_000;
/** Name of the retry pass in @nestjs/schedule's SchedulerRegistry. */
export const EMAIL_RETRY_INTERVAL_NAME = 'email-outbox-retry';

/**
 * Retries e-mails the API could not deliver at once (SMTP down, process stopped after commit).
 * An in-process interval on @nestjs/schedule (docs/ARCHITECTURE.md "Schedules"), registered in the
 * worker role only: it needs no Redis, so e-mails keep flowing while Redis is away. Safe with
 * several workers because every delivery claims its row first (EmailOutboxService.deliver), so a
 * message is sent once. ScheduleModule clears the interval when the application shuts down.
 */
@Injectable()
export class EmailOutboxPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EmailOutboxPoller.name);
  private running = false;

  constructor(
    private readonly config: AppConfig,
    private readonly outbox: EmailOutboxService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorker || this.scheduler.doesExist('interval', EMAIL_RETRY_INTERVAL_NAME))
      return;
    const timer = setInterval(() => void this.tick(), EMAIL_RETRY_INTERVAL_MS);
    timer.unref();
    this.scheduler.addInterval(EMAIL_RETRY_INTERVAL_NAME, timer);
  }

  /** One pass over due messages; overlapping ticks are skipped. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.outbox.deliverDue();
    } catch (err) {
      this.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'e-mail retry pass failed',
      );
    } finally {
      this.running = false;
    }
  }

  /** Stops the pass if ScheduleModule has not already (it clears every interval before shutdown). */
  onApplicationShutdown(): void {
    if (this.scheduler.doesExist('interval', EMAIL_RETRY_INTERVAL_NAME))
      this.scheduler.deleteInterval(EMAIL_RETRY_INTERVAL_NAME);
  }
}
