import {
  ProviderError,
  ProviderHttpError,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderTimeoutError,
} from '../../../providers/common/provider-errors';
import type {
  SmsDeliveryReport,
  SmsRecipient,
} from '../../../providers/africastalking/africastalking.types';
import type { SmsStatus } from '../entities/sms-outbox.entity';

/** Why an SMS send failed, for the outbox: try again later, or never. */
export type SendFailureKind = 'retry' | 'permanent';

/**
 * Classifies a send error (docs/PRODUCT-RULES.md "Purchases and provider callbacks", SMS outbox): timeouts, network errors, 5xx and rate limits
 * are retried with backoff; anything else (4xx such as 401 auth or 409 DND, input errors, bad
 * numbers) is permanent. Non-provider errors are retried (a bug or a restart should not lose SMS).
 */
export const classifySendError = (err: unknown): SendFailureKind => {
  if (err instanceof ProviderTimeoutError || err instanceof ProviderNetworkError) return 'retry';
  if (err instanceof ProviderRateLimitError) return 'retry';
  if (err instanceof ProviderHttpError) return err.status >= 500 ? 'retry' : 'permanent';
  if (err instanceof ProviderError) return 'permanent';
  return 'retry';
};

/**
 * Classifies one recipient of an accepted send answer (docs/PROVIDERS.md §3.2): accepted → sent;
 * retryable codes (405 balance, 407 routing, 409, 500/501) → retry; others (403 invalid number,
 * 406 blacklisted…) → permanent.
 */
export const recipientResult = (r: SmsRecipient | undefined): 'sent' | SendFailureKind =>
  !r
    ? 'retry'
    : r.outcome === 'accepted'
      ? 'sent'
      : r.outcome === 'retryable'
        ? 'retry'
        : 'permanent';

/** A status no report changes any more (delivered, failed): neither the status nor the report text is rewritten. */
export const isFinalSmsStatus = (status: SmsStatus): boolean =>
  status === 'delivered' || status === 'failed';

/**
 * The outbox status after a delivery report (§3.3), or null to leave the row alone: `Success` →
 * delivered; `Failed`/`Rejected` → failed; intermediate reports keep `sent`. A final status never
 * moves back (reports may arrive twice or out of order).
 */
export const statusAfterReport = (
  current: SmsStatus,
  report: SmsDeliveryReport,
): SmsStatus | null => {
  if (isFinalSmsStatus(current)) return null;
  if (report.delivered) return 'delivered';
  if (report.final) return 'failed';
  return current === 'queued' || current === 'sending' ? 'sent' : null;
};
