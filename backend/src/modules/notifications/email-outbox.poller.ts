import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { EmailOutboxService } from './email-outbox.service';

/** How often the worker looks for e-mails to retry (ms). */
export const EMAIL_RETRY_INTERVAL_MS = 30_000;

/**
 * Retries e-mails the API could not deliver at once (SMTP down, process stopped after commit).
 * Runs in the worker role only. Process-local timer: safe with several workers because every
 * delivery claims its row first (EmailOutboxService.deliver), so a message is sent once.
 */
@Injectable()
export class EmailOutboxPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EmailOutboxPoller.name);
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly config: AppConfig, private readonly outbox: EmailOutboxService) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorker) return;
    this.timer = setInterval(() => void this.tick(), EMAIL_RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  /** One pass over due messages; overlapping ticks are skipped. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.outbox.deliverDue();
    } catch (err) {
      this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'e-mail retry pass failed');
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
