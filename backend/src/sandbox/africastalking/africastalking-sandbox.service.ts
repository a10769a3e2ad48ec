import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { atMessageId } from '../common/ids';
import { isObject, ProviderAnswer } from '../common/provider-answer';
import { FaultRepository } from '../faults/fault.repository';
import { OutboundService } from '../outbound/outbound.service';
import { SmsInboxRepository } from '../phone/sms-inbox.repository';
import {
  AT_DEFAULT_SENDER,
  AT_DELIVERY_FAILS,
  atDeliveryFailsFor,
  OUTBOUND_KIND,
} from '../sandbox.constants';
import { SandboxSettings } from '../sandbox.settings';
import {
  deliveryReportBody,
  parseRecipients,
  recipientOutcome,
  summaryMessage,
} from './domain/at-rules';

const text = (status: number, body: string): ProviderAnswer => ({
  status,
  body,
  contentType: 'text/plain; charset=utf-8',
});

/**
 * The Africa's Talking bulk SMS simulator (docs/PROVIDERS.md §3.6): `POST /version1/messaging`
 * (form body, `apiKey` header), each accepted message in the recipient phone's inbox, delivery
 * reports (`Submitted`, then `Success`) posted form-encoded to SANDBOX_AT_DELIVERY_REPORT_URL.
 * A message to a delivery-failing test number, or while an `africastalking.delivery-fails`
 * fault is armed (for its phone or any), is not delivered: its reports end `Failed`.
 */
@Injectable()
export class AfricasTalkingSandboxService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly inbox: SmsInboxRepository,
    private readonly outbound: OutboundService,
    private readonly faults: FaultRepository,
    private readonly config: AppConfig,
    private readonly settings: SandboxSettings,
  ) {}

  /**
   * Sends a message to every number of `to` (§3.2): 201 with `SMSMessageData`; 401 plain text
   * for a wrong username or apiKey.
   */
  async send(apiKey: string | undefined, body: unknown): Promise<ProviderAnswer> {
    const form = isObject(body) ? body : {};
    const { username, apiKey: expectedKey } = this.config.africasTalking;
    if (apiKey !== expectedKey || form.username !== username)
      return text(401, 'The supplied authentication is invalid');
    const fault = await this.faults.consume('africastalking.messaging');
    if (fault !== null)
      return text(fault, fault >= 500 ? 'Internal Server Error' : 'Request failed');
    for (const field of ['to', 'message'] as const) {
      if (typeof form[field] !== 'string' || !(form[field] as string).trim()) {
        return text(400, `Request is missing required form field '${field}'`);
      }
    }
    const message = form.message as string;
    const from =
      typeof form.from === 'string' && form.from.trim() ? form.from.trim() : AT_DEFAULT_SENDER;
    const outcomes = parseRecipients(form.to as string).map((n) => recipientOutcome(n, message));
    for (const o of outcomes) {
      if (!o.accepted || o.deliveryFails) continue;
      // An armed delivery failure (POST /sandbox/api/faults): this phone's, else any phone's.
      o.deliveryFails =
        (await this.faults.consume(atDeliveryFailsFor(o.number))) !== null ||
        (await this.faults.consume(AT_DELIVERY_FAILS)) !== null;
    }
    const recipients = outcomes.map((o) => ({
      ...o,
      messageId: o.accepted ? atMessageId() : 'None',
    }));

    const accepted = recipients.filter((r) => r.accepted);
    if (accepted.length) {
      await this.tx.run(async (db) => {
        await this.inbox.addMany(
          db,
          accepted
            .filter((r) => !r.deliveryFails)
            .map((r) => ({
              msisdn: r.number.slice(1),
              sender: from,
              body: message,
              messageId: r.messageId,
            })),
        );
        await this.outbound.enqueueMany(
          db,
          accepted.flatMap((r) =>
            this.settings.atReportStatuses
              .map((s) => (s === 'Success' && r.deliveryFails ? 'Failed' : s))
              .map((status, i) => ({
                kind: OUTBOUND_KIND.AT_DELIVERY_REPORT,
                reference: r.messageId,
                sequenceKey: r.messageId,
                url: this.settings.atDeliveryReportUrl,
                contentType: 'application/x-www-form-urlencoded',
                body: deliveryReportBody({ id: r.messageId, status, phoneNumber: r.number }),
                delayMs: this.settings.atReportDelayMs * (i + 1),
              })),
          ),
        );
      });
      this.outbound.notify();
    }
    return {
      status: 201,
      body: {
        SMSMessageData: {
          Message: summaryMessage(outcomes),
          Recipients: recipients.map((r) => ({
            statusCode: r.statusCode,
            number: r.number,
            status: r.status,
            cost: r.cost,
            messageId: r.messageId,
            ...(r.accepted ? { messageParts: r.messageParts } : {}),
          })),
        },
      },
    };
  }
}
