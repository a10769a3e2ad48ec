import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { SmsService } from '../notifications/sms/sms.service';
import {
  fallbackEmail,
  fallbackSms,
  nextPicksDeliveryStep,
  PicksDeliveryStep,
  smsOutcome,
  stateAfter,
} from './domain/picks-delivery';
import { findAgainLine } from './domain/slip-sale';
import {
  OpenPicksDelivery,
  PicksDeliveryPatch,
  PicksDeliveryRepository,
} from './picks-delivery.repository';
import { PICKS_SMS_PURPOSE } from './picks-delivery.service';
import { PicksUndelivered, UndeliveredPicksHook } from './undelivered-picks.hook';

/** Most rows one check looks at (the next check, seconds later, takes the rest). */
export const PICKS_DELIVERY_CHECK_BATCH = 500;

/** What one check did: steps taken by kind, and the rows it looked at. */
export type PicksDeliveryCheckReport = { checked: number } & Partial<
  Record<PicksDeliveryStep, number>
>;

/**
 * The delivery check of bought picks (docs/PRODUCT-RULES.md R220–R226; docs/RELIABILITY.md
 * "Picks that always arrive"), run by the `check-picks-delivery` job scheduler of the worker.
 * One transaction: the open `picks_delivery` rows locked FOR UPDATE SKIP LOCKED (several
 * workers never act on one purchase), their picks SMS read from the outbox (Africa's Talking's
 * delivery reports already applied there) and the picks e-mails', one step per row
 * (`nextPicksDeliveryStep`, time from the application clock), the re-send / fallback messages
 * queued in that transaction; after commit they are dispatched and the purchases found
 * undelivered handed to `UndeliveredPicksHook.refundUndelivered`.
 */
@Injectable()
export class PicksDeliveryCheckService {
  private readonly logger = new Logger(PicksDeliveryCheckService.name);

  constructor(
    private readonly repo: PicksDeliveryRepository,
    private readonly sms: SmsService,
    private readonly emails: EmailOutboxService,
    private readonly config: AppConfig,
    private readonly undelivered: UndeliveredPicksHook,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** One check of at most `limit` open rows; returns what it did. */
  async run(limit = PICKS_DELIVERY_CHECK_BATCH): Promise<PicksDeliveryCheckReport> {
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const undelivered: PicksUndelivered[] = [];
    const report: PicksDeliveryCheckReport = { checked: 0 };
    await this.repo.inTransaction(async (em) => {
      const now = this.clock.now();
      const rows = await this.repo.lockOpen(em, now, limit);
      report.checked = rows.length;
      if (!rows.length) return;
      const smsStates = await this.sms.statuses(
        rows.flatMap((r) => (r.resendSmsId ? [r.smsId, r.resendSmsId] : [r.smsId])),
        em,
      );
      const emailsSent = await this.emails.sentAmong(
        rows.flatMap((r) => (r.picksEmailId ? [r.picksEmailId] : [])),
        em,
      );
      for (const row of rows) {
        const first = smsStates.get(row.smsId);
        const resend = row.resendSmsId ? smsStates.get(row.resendSmsId) : undefined;
        const current = row.resendSmsId ? resend : first;
        const step = nextPicksDeliveryStep(
          {
            state: row.state,
            dueAt: new Date(row.dueAt),
            firstKickoffAt: row.firstKickoffAt && new Date(row.firstKickoffAt),
            resent: row.resendSmsId !== null,
          },
          {
            first: smsOutcome(first),
            resend: row.resendSmsId ? smsOutcome(resend) : null,
            emailSent: !!row.picksEmailId && emailsSent.has(row.picksEmailId),
          },
          now,
        );
        const atStatus =
          current?.deliveryStatus ?? current?.lastError?.slice(0, 120) ?? row.atStatus;
        const patch: PicksDeliveryPatch = atStatus !== row.atStatus ? { atStatus } : {};
        if (step !== 'none') {
          Object.assign(patch, await this.take(em, row, step, now, smsIds, emailIds));
          report[step] = (report[step] ?? 0) + 1;
        }
        if (step === 'undelivered')
          undelivered.push({
            purchaseId: row.purchaseId,
            slipId: row.slipId,
            phone: row.phone,
            at: now,
          });
        if (Object.keys(patch).length) await this.repo.update(em, row.purchaseId, patch, now);
      }
    });
    await this.sms.dispatch(...smsIds);
    this.emails.dispatch(...emailIds);
    await this.undelivered.refundUndelivered(undelivered);
    if (Object.keys(report).length > 1) this.logger.log(report, 'picks delivery check');
    return report;
  }

  /** Takes `step` for `row` in `em`: queues what it sends (ids pushed to `smsIds` / `emailIds`) and returns the row's changes. */
  private async take(
    em: EntityManager,
    row: OpenPicksDelivery,
    step: PicksDeliveryStep,
    now: Date,
    smsIds: string[],
    emailIds: string[],
  ): Promise<PicksDeliveryPatch> {
    const state = stateAfter(step) ?? undefined;
    switch (step) {
      case 'mark-sent':
        return { state, sentAt: now };
      case 'delivered':
        return { state, deliveredAt: now, closedAt: now };
      case 'failed':
        return { state, failedAt: now };
      case 'resend': {
        const id = await this.sms.queueCopy(row.smsId, PICKS_SMS_PURPOSE.resend, em);
        if (!id) throw new Error(`picks SMS ${row.smsId} of purchase ${row.purchaseId} not found`);
        smsIds.push(id);
        return {
          state,
          resendSmsId: id,
          resentAt: now,
          dueAt: new Date(now.getTime() + this.config.picksSmsDeliveryTimeoutMs),
        };
      }
      case 'fallback': {
        const site = this.config.publicUrl;
        const [smsId] = await this.sms.queueMany(
          [
            {
              to: row.phone,
              body: fallbackSms(row.slipId, row.code, site),
              purpose: PICKS_SMS_PURPOSE.fallback,
            },
          ],
          em,
        );
        smsIds.push(smsId);
        let emailId: string | null = null;
        if (row.email) {
          const mail = fallbackEmail(
            row.slipId,
            findAgainLine({ code: row.code, email: row.email, txRef: row.txRef }, site),
            site,
          );
          emailId = await this.emails.add(em, {
            kind: PICKS_SMS_PURPOSE.fallback,
            to: row.email,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          emailIds.push(emailId);
        }
        return { state, fallbackSmsId: smsId, fallbackEmailId: emailId, fallbackAt: now };
      }
      case 'undelivered':
        return { state, undeliveredAt: now, closedAt: now };
      case 'close':
        return { closedAt: now };
      default:
        return {};
    }
  }
}
