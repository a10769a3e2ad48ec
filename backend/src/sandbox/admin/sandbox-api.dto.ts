import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * OpenAPI shapes of the sandbox's JSON helpers (/sandbox/api, the phone page; never in
 * production). Documentation only: the sandbox services validate their input themselves.
 */

/** POST /sandbox/api/faults: make the next `count` calls of `target` fail with `status`. */
export class SetFaultDto {
  @ApiProperty({ example: 'daraja.stkpush', description: 'Sandbox endpoint or callback to fail' })
  target: string;
  @ApiProperty({ example: 1 }) count: number;
  @ApiPropertyOptional({ example: 500, description: 'HTTP status to answer (0: drop a callback)' })
  status?: number;
}

/** An armed fault. */
export class FaultDto {
  @ApiProperty() target: string;
  @ApiProperty() remaining: number;
  @ApiProperty() status: number;
}

/** A callback the sandbox sent, queued or gave up on. */
export class OutboundViewDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'daraja.stk' }) kind: string;
  @ApiProperty() reference: string;
  @ApiProperty() url: string;
  @ApiProperty() body: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: Number }) last_status: number | null;
  @ApiProperty({ nullable: true, type: String }) last_error: string | null;
  @ApiProperty({ enum: ['pending', 'delivered', 'gave_up'] }) state: string;
  @ApiProperty({ nullable: true, type: String }) created_at: string | null;
}

/** An STK push or B2C payment as the sandbox holds it (its columns, by name). */
export const SANDBOX_RECORD = { type: 'object', additionalProperties: true } as const;

/** POST /sandbox/api/phones/{msisdn}/prompts/{id}/{action} and the phone page's forms. */
export class PromptAnswerDto {
  @ApiPropertyOptional({ example: '1234', description: 'M-Pesa PIN (accept only)' }) pin?: string;
  @ApiPropertyOptional({ description: 'false: do not send the callback (reconciliation tests)' })
  callback?: boolean;
}

/** The outcome of answering a prompt. */
export class PromptAnswerResultDto {
  @ApiProperty() checkoutRequestId: string;
  @ApiProperty({ example: 'accepted' }) status: string;
  @ApiProperty() resultCode: number;
  @ApiProperty() resultDesc: string;
  @ApiPropertyOptional({ description: 'M-Pesa receipt, when accepted' }) receipt?: string;
}

class PromptViewDto {
  @ApiProperty() checkoutRequestId: string;
  @ApiProperty() merchantRequestId: string;
  @ApiProperty({ example: '200.00', description: 'Ksh' }) amount: string;
  @ApiProperty() accountReference: string;
  @ApiProperty({ nullable: true, type: String }) transactionDesc: string | null;
  @ApiProperty() businessShortCode: string;
  @ApiProperty() merchant: string;
}

class InboxMessageDto {
  @ApiProperty() from: string;
  @ApiProperty() body: string;
  @ApiProperty({ description: 'ISO-8601 instant' }) at: string;
}

/** GET /sandbox/api/phones/{msisdn}: prompts and SMS, newest first. */
export class PhoneViewDto {
  @ApiProperty() msisdn: string;
  @ApiProperty({ type: [PromptViewDto] }) prompts: PromptViewDto[];
  @ApiProperty({ type: [InboxMessageDto] }) messages: InboxMessageDto[];
}
