import { Injectable } from '@nestjs/common';
import {
  DataRow,
  DATA_PAGE_SIZE,
  pagedRows,
  PersonKeys,
} from '../../common/personal-data/personal-data';
import { NotificationsDataRepository } from '../notifications/personal-data.repository';
import { PurchaseDataRepository } from '../processor/purchase-data.repository';
import { RgDataRepository } from '../rg/rg-data.repository';
import { SlipDataRepository } from '../slip/slip-data.repository';
import { SubscriptionDataRepository } from '../subscription/subscription-data.repository';
import type { DocumentPart } from './domain/json-document';

async function* once(read: () => Promise<DataRow[]>): AsyncGenerator<DataRow> {
  yield* await read();
}

/**
 * The sections of an export found by a person's phones and e-mails (docs/PRODUCT-RULES.md R260),
 * each read through the owning module's exported repository (docs/ARCHITECTURE.md "Personal
 * data"): purchases, picks deliveries, subscriptions, unmatched paybill payments, spend caps and
 * self-exclusion, one-time codes, marketing consents, SMS and e-mails sent.
 */
@Injectable()
export class BuyerDataReader {
  constructor(
    private readonly purchases: PurchaseDataRepository,
    private readonly slips: SlipDataRepository,
    private readonly subscriptions: SubscriptionDataRepository,
    private readonly rg: RgDataRepository,
    private readonly notifications: NotificationsDataRepository,
  ) {}

  /** The sections of `k`; `userId` adds the consents recorded for that account. */
  parts(k: PersonKeys, userId: number | null, pageSize = DATA_PAGE_SIZE): DocumentPart[] {
    return [
      {
        name: 'purchases',
        rows: pagedRows((a, l) => this.purchases.purchasesOf(k, a, l), pageSize),
      },
      {
        name: 'picks_deliveries',
        rows: pagedRows((a, l) => this.slips.deliveriesOf(k, a, l), pageSize),
      },
      { name: 'subscriptions', rows: once(() => this.subscriptions.subscriptionsOf(k.phones)) },
      {
        name: 'unmatched_payments',
        rows: pagedRows((a, l) => this.purchases.unmatchedOf(k.phones, a, l), pageSize),
      },
      {
        name: 'vouchers',
        rows: pagedRows((a, l) => this.purchases.vouchersOf(k, a, l), pageSize),
      },
      { name: 'rg_limits', rows: once(() => this.rg.limitsOf(k.phones)) },
      { name: 'rg_codes', rows: once(() => this.rg.codesOf(k.phones)) },
      { name: 'consents', rows: once(() => this.notifications.consentsOf(userId, k)) },
      {
        name: 'sms',
        rows: pagedRows((a, l) => this.notifications.smsTo(k.phones, a, l), pageSize),
      },
      {
        name: 'emails',
        rows: pagedRows((a, l) => this.notifications.emailsTo(k.emails, a, l), pageSize),
      },
    ];
  }
}
