import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SlipPublishService } from './slip-publish.service';

/**
 * At a worker's boot, appends to the transparency log every committed slip that is not in it yet
 * (slips published before the log existed), oldest first (docs/PRODUCT-RULES.md "Transparency
 * log"). Several workers booting at once append each slip once (the log's lock). Loaded by the
 * worker role only (WorkerModule); a failure is logged and the next boot tries again.
 */
@Injectable()
export class SlipLogBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(SlipLogBackfill.name);

  constructor(private readonly publishing: SlipPublishService) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const n = await this.publishing.appendUnloggedToLog();
      if (n) this.logger.log(`transparency log: appended ${n} slips committed before it existed`);
    } catch (err) {
      this.logger.error(
        { err: String(err) },
        'transparency log backfill failed; the next boot tries again',
      );
    }
  }
}
