/** The longest wait between two questions to the provider about one purchase (ms; R191). */
export const RECONCILE_MAX_WAIT_MS = 10 * 60_000;

/** The backoff of one rail's reconciliation (docs/PRODUCT-RULES.md R191). */
export interface ReconcileBackoff {
  /** Wait after the first question that left the purchase pending (ms); doubled after each further one. */
  retryMs: number;
  /** Questions before the rail stops asking until its expiry (only when `expiresAfterMs` is set). */
  maxAttempts: number;
  /**
   * Age (ms after the purchase was created) at which the rail closes a purchase that is still
   * pending (M-Pesa: 30 minutes, docs/PRODUCT-RULES.md R192); undefined = no attempt cap.
   */
  expiresAfterMs?: number;
}

/**
 * When reconciliation may next ask the provider about a purchase created at `createdAt` that is
 * still pending after its `attempts`-th question (1 = the first), asked at `now`
 * (docs/PRODUCT-RULES.md R191): `retryMs`, `2 × retryMs`, `4 × retryMs` … after `now`, never more
 * than RECONCILE_MAX_WAIT_MS; once `maxAttempts` questions are used up before the expiry, at the
 * expiry (one last question, then the rail closes the purchase). Past the expiry (the last
 * question failed: HTTP error, network) every RECONCILE_MAX_WAIT_MS. Pure; times in UTC instants.
 */
export const nextReconcileAt = (
  createdAt: Date,
  attempts: number,
  now: Date,
  backoff: ReconcileBackoff,
): Date => {
  const at = now.getTime();
  if (backoff.expiresAfterMs !== undefined && attempts >= backoff.maxAttempts) {
    const expiry = createdAt.getTime() + backoff.expiresAfterMs;
    if (at < expiry) return new Date(expiry);
  }
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return new Date(at + Math.min(backoff.retryMs * 2 ** doublings, RECONCILE_MAX_WAIT_MS));
};
