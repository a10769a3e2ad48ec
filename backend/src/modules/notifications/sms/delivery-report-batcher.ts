import { Injectable } from '@nestjs/common';
import { GroupCommit } from '../../../common/batching/group-commit';
import type { SmsDeliveryReport } from '../../../providers/africastalking/africastalking.types';
import type { SmsStatus } from '../entities/sms-outbox.entity';
import { SmsService } from './sms.service';

/**
 * Group commit of Africa's Talking delivery reports on their route (docs/PERFORMANCE.md
 * "Payment callbacks"): Africa's Talking posts several reports per message (Sent → Submitted →
 * Success, docs/PROVIDERS.md §3.3); reports that arrive together are applied in one transaction
 * (`SmsService.applyDeliveryReports`, up to 64, two at once) and each is answered once its batch
 * committed. A failed batch is applied report by report.
 */
@Injectable()
export class DeliveryReportBatcher {
  private readonly group: GroupCommit<SmsDeliveryReport, SmsStatus | null>;

  constructor(sms: SmsService) {
    this.group = new GroupCommit({
      name: DeliveryReportBatcher.name,
      maxBatch: 64,
      maxInFlight: 2,
      runBatch: (reports) => sms.applyDeliveryReports(reports),
      single: (report) => sms.applyDeliveryReport(report),
    });
  }

  /** Applies `report` in the next batch; resolves with the new status, or null when none changed. */
  submit(report: SmsDeliveryReport): Promise<SmsStatus | null> {
    return this.group.submit(report);
  }
}
