import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsOptional } from 'class-validator';
import { SmsOutbox } from '../../notifications/entities/sms-outbox.entity';
import { SmsService } from '../../notifications/sms/sms.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * PUT /api/backoffice/sms-messages/{id}: `{ "resend": true }` sends the message again (a new
 * `deliver-sms` job); a delivered message also needs `"force": true`. Other fields are ignored.
 */
export class ResendSmsDto {
  @ApiProperty({ example: true })
  @Equals(true, { message: 'Send { "resend": true } to send this SMS again' })
  resend: true;

  @ApiPropertyOptional({ default: false, description: 'resend even a delivered message' })
  @IsOptional()
  @IsBoolean({ message: 'force must be true or false' })
  force?: boolean;
}

/** An outbox SMS as the back office shows it (`cost` as Africa's Talking wrote it, e.g. 'KES 0.8000'). */
export const toAdminSms = (m: SmsOutbox) => ({
  id: Number(m.id),
  to: m.to,
  body: m.body,
  purpose: m.purpose,
  status: m.status,
  attempts: m.attempts,
  provider_message_id: m.providerMessageId,
  cost: m.cost,
  last_error: m.lastError,
  delivery_status: m.deliveryStatus,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
  delivered_at: m.deliveredAt?.toISOString() ?? null,
});

/**
 * `sms-messages` (admin; docs/PRODUCT-RULES.md "Back office"): the SMS outbox (filters status, purpose, to,
 * created_at range; q over number and text). PUT `{ resend: true }` re-queues the message and
 * enqueues a new `deliver-sms` job through SmsService.resend; a delivered one answers 400 unless
 * `force: true` (a resend is a second paid SMS the buyer already has). No create / delete (405).
 */
@Injectable()
export class SmsMessagesResource implements BackofficeResource {
  readonly definition;

  constructor(sms: SmsService) {
    this.definition = defineResource<SmsOutbox, object, ResendSmsDto>({
      name: 'sms-messages',
      entity: SmsOutbox,
      alias: 'm',
      roles: ['admin'],
      fields: {
        id: { column: 'm.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
        to: { column: 'm.to_msisdn', type: 'text', sortable: true, filter: ['eq', 'in'] },
        body: { column: 'm.body', type: 'text', filter: ['ilike'] },
        purpose: { column: 'm.purpose', type: 'text', sortable: true, filter: ['eq', 'in'] },
        status: { column: 'm.status', type: 'text', sortable: true, filter: ['eq', 'in'] },
        attempts: { column: 'm.attempts', type: 'int', sortable: true, filter: ['gte', 'lte'] },
        created_at: {
          column: 'm.created_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
        sent_at: { column: 'm.sent_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      },
      search: ['to', 'body'],
      defaultSort: ['id', 'DESC'],
      serialize: toAdminSms,
      update: {
        dto: ResendSmsDto,
        handle: (id, body, { manager }) =>
          sms.resend(String(id), { force: body.force ?? false }, { manager }),
      },
    });
  }
}
