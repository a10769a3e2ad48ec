import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { internationalPhone } from '../../common/msisdn/msisdn';
import { DATA_PAGE_SIZE, pagedRows, PersonKeys } from '../../common/personal-data/personal-data';
import { toNairobiIso } from '../../common/time/nairobi';
import { AccountContacts, AccountDataService } from '../account/account-data.service';
import { AuthError, AuthErrorCode } from '../../common/guards/auth.errors';
import { FinanceDataService } from '../finance/finance-data.service';
import { PurchaseDataRepository } from '../processor/purchase-data.repository';
import { SlipDataRepository } from '../slip/slip-data.repository';
import { BuyerDataReader } from './buyer-data.reader';
import { DocumentPart, jsonDocument } from './domain/json-document';
import { EXPORT_FORMAT } from './privacy.constants';

/** The phones and e-mail an account's other rows are found by (international digits, lower case). */
export const accountKeys = (c: AccountContacts): PersonKeys => ({
  phones: [
    ...new Set(
      [c.msisdn, internationalPhone(c.phoneNumber, c.country)].filter((p): p is string => !!p),
    ),
  ],
  emails: [c.email.toLowerCase()],
});

/**
 * GET /api/account/my-data (docs/PRODUCT-RULES.md R260, R261): everything held about a
 * logged-in user as one JSON document, streamed section by section as the public export is
 * (keyset pages, never a whole table in memory). Each module contributes its rows through its
 * exported service or repository (docs/ARCHITECTURE.md "Personal data"): account (profile,
 * sessions, reset links and codes, no secret), slip (slips with tips), processor (sales without
 * buyers' contacts; purchases of the account's phone or e-mail), ledger and finance (ledger rows,
 * withdrawals), then every section found by the account's phone and e-mail (BuyerDataReader).
 */
@Injectable()
export class AccountDataExportService {
  constructor(
    private readonly accounts: AccountDataService,
    private readonly slips: SlipDataRepository,
    private readonly purchases: PurchaseDataRepository,
    private readonly finance: FinanceDataService,
    private readonly buyerData: BuyerDataReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Checks the password proof, then answers the document's text chunks.
   * @throws AccountError REAUTH_REQUIRED (403); AuthError TOKEN_INVALID (401) for an erased account.
   */
  async exportFor(userId: number, proof: unknown): Promise<AsyncGenerator<string>> {
    this.accounts.assertProof(userId, proof);
    const contacts = await this.accounts.contacts(userId);
    if (!contacts || contacts.erasedAt) throw new AuthError(AuthErrorCode.TOKEN_INVALID);
    return jsonDocument(await this.parts(userId));
  }

  /** The document's sections for user `userId` (also after an erasure: then nothing personal is left). */
  async parts(userId: number, pageSize = DATA_PAGE_SIZE): Promise<DocumentPart[]> {
    const [account, contacts, slipIds] = await Promise.all([
      this.accounts.personalData(userId),
      this.accounts.contacts(userId),
      this.slips.slipIdsOf(userId),
    ]);
    const keys: PersonKeys = contacts ? accountKeys(contacts) : { phones: [], emails: [] };
    return [
      { name: 'format', value: EXPORT_FORMAT },
      { name: 'generated_at', value: toNairobiIso(this.clock.now()) },
      { name: 'subject', value: { kind: 'account', user_id: userId } },
      { name: 'profile', value: account.profile },
      { name: 'sessions', value: account.sessions },
      { name: 'credentials', value: account.credentials },
      { name: 'slips', rows: pagedRows((a, l) => this.slips.slipsOf(userId, a, l), pageSize) },
      {
        name: 'sales',
        rows: pagedRows((a, l) => this.purchases.salesOfSlips(slipIds, a, l), pageSize),
      },
      { name: 'ledger', rows: pagedRows((a, l) => this.finance.ledgerOf(userId, a, l), pageSize) },
      {
        name: 'withdrawals',
        rows: pagedRows((a, l) => this.finance.withdrawalsOf(userId, a, l), pageSize),
      },
      ...this.buyerData.parts(keys, userId, pageSize),
    ];
  }
}
