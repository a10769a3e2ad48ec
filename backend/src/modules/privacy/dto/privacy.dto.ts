import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { FREE_FORM_OBJECT } from '../../../common/openapi/api-shapes';

const ROWS = { type: 'array', items: FREE_FORM_OBJECT } as const;

/** POST /api/account/reauth (docs/PRODUCT-RULES.md R261). The password is checked by the service. */
export class ReauthDto {
  @ApiProperty({ description: "the account's password" })
  @Allow()
  password?: unknown;
}

/** A password proof good for 5 minutes, for this user only (docs/PRODUCT-RULES.md R261). */
export class ReauthResponseDto {
  @ApiProperty({ description: 'pass as `proof` to GET /api/account/my-data' }) proof: string;
  @ApiProperty({
    example: '2026-12-05T09:05:00.000Z',
    description: 'ISO-8601 instant the proof stops working',
  })
  expires_at: string;
}

/** DELETE /api/account (docs/PRODUCT-RULES.md R262). Both fields are checked by the service. */
export class CloseAccountDto {
  @ApiProperty({ description: "the account's password" })
  @Allow()
  password?: unknown;

  @ApiProperty({ example: 'DELETE', description: "the word 'DELETE', typed by the user" })
  @Allow()
  confirmation?: unknown;
}

/** DELETE /api/account answer (docs/PRODUCT-RULES.md R262, R263). */
export class CloseAccountResponseDto {
  @ApiProperty({ example: 'Your account is closed' }) message: string;
  @ApiProperty({
    example: 'deleted tipster',
    description: "the name the account's slips and records are shown under",
  })
  shown_as: string;
  @ApiProperty({
    example: '12.00',
    description: 'Ksh left in the ledger below the minimum withdrawal; 0.00 for none',
  })
  unclaimed_balance: string;
}

/** POST /api/buyer/data-code. The phone is checked by the service, so its error is one clear `message`. */
export class BuyerDataCodeDto {
  @ApiProperty({
    example: '0712345678',
    description: 'Kenyan phone in any form of docs/PRODUCT-RULES.md R136, or +234… / +256… / +255…',
  })
  @Allow()
  phone?: unknown;
}

/** DELETE /api/buyer/my-data answer (docs/PRODUCT-RULES.md R265). */
export class BuyerErasureResponseDto {
  @ApiProperty({ example: 'Your phone number was erased from your older purchases' })
  message: string;
  @ApiProperty({ description: 'purchases whose phone was erased now' }) erased_purchases: number;
  @ApiProperty({ description: 'purchases that keep the phone (younger than the retention)' })
  kept_purchases: number;
  @ApiProperty({
    example: '2024-12-05T11:00:00+03:00',
    description: 'purchases made after this instant keep the phone (Africa/Nairobi time)',
  })
  retained_after: string;
}

/**
 * The personal-data document (docs/PRODUCT-RULES.md R260): every section is present, empty when
 * nothing is held; the rows are the owning tables' columns (no secret, no hash).
 */
export class PersonalDataDocumentDto {
  @ApiProperty({ example: 'tips-personal-data/1' }) format: string;
  @ApiProperty({ example: '2026-12-05T11:00:00+03:00', description: 'Africa/Nairobi time' })
  generated_at: string;
  @ApiProperty({
    ...FREE_FORM_OBJECT,
    description: "{kind: 'account', user_id} or {kind: 'phone', phone}",
  })
  subject: Record<string, unknown>;
  @ApiPropertyOptional({ ...FREE_FORM_OBJECT, description: 'the account row (accounts only)' })
  profile?: Record<string, unknown> | null;
  @ApiProperty({
    ...ROWS,
    required: false,
    description: 'login sessions, without tokens (accounts only)',
  })
  sessions?: Record<string, unknown>[];
  @ApiProperty({
    ...ROWS,
    required: false,
    description: 'password-reset links and e-mail codes, without hashes (accounts only)',
  })
  credentials?: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, required: false, description: 'slips with their tips (accounts only)' })
  slips?: Record<string, unknown>[];
  @ApiProperty({
    ...ROWS,
    required: false,
    description: "sales of the account's slips, without the buyers' contacts (accounts only)",
  })
  sales?: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, required: false, description: 'ledger rows (accounts only)' })
  ledger?: Record<string, unknown>[];
  @ApiProperty({
    ...ROWS,
    required: false,
    description: 'withdrawals with their payment parts (accounts only)',
  })
  withdrawals?: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'purchases made with the phone or e-mail' })
  purchases: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'deliveries of bought picks' }) picks_deliveries: Record<
    string,
    unknown
  >[];
  @ApiProperty({ ...ROWS }) subscriptions: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'paybill money that matched no purchase' })
  unmatched_payments: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'spend caps and self-exclusion' }) rg_limits: Record<
    string,
    unknown
  >[];
  @ApiProperty({ ...ROWS, description: 'one-time codes sent, without the codes' }) rg_codes: Record<
    string,
    unknown
  >[];
  @ApiProperty({ ...ROWS, description: 'marketing consents' }) consents: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'SMS sent' }) sms: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'e-mails sent' }) emails: Record<string, unknown>[];
}
