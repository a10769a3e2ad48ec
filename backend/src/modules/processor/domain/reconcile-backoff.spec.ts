import { nextReconcileAt, RECONCILE_MAX_WAIT_MS, ReconcileBackoff } from './reconcile-backoff';

/** docs/PRODUCT-RULES.md R191: the waits between two STK queries about one pending purchase. */
describe('nextReconcileAt', () => {
  const created = new Date('2026-12-05T09:00:00.000Z');
  const at = (s: number) => new Date(created.getTime() + s * 1000);
  const mpesa: ReconcileBackoff = { retryMs: 30_000, maxAttempts: 6, expiresAfterMs: 30 * 60_000 };

  it.each([
    // attempts, asked at (s after the push), next question at (s after the push)
    [1, 90, 120],
    [2, 120, 180],
    [3, 180, 300],
    [4, 300, 540],
    [5, 540, 1020],
    [6, 1020, 1800], // attempts used up: wait for the expiry (30 min), one last question there
    [7, 1800, 2400], // the last question failed (HTTP error): every 10 minutes after the expiry
    [9, 3000, 3600],
  ])(
    'M-Pesa: still pending after %i question(s) asked at %i s → next at %i s',
    (attempts, asked, next) => {
      expect(nextReconcileAt(created, attempts, at(asked), mpesa)).toEqual(at(next));
    },
  );

  it('never waits more than 10 minutes between two questions before the cap', () => {
    const slow: ReconcileBackoff = {
      retryMs: 300_000,
      maxAttempts: 50,
      expiresAfterMs: 24 * 3600_000,
    };
    expect(nextReconcileAt(created, 5, at(0), slow)).toEqual(
      new Date(created.getTime() + RECONCILE_MAX_WAIT_MS),
    );
  });

  it('without an expiry there is no attempt cap (Flutterwave: verify every ≤ 10 minutes until its give-up)', () => {
    const flw: ReconcileBackoff = { retryMs: 30_000, maxAttempts: 6 };
    expect(nextReconcileAt(created, 6, at(1000), flw)).toEqual(at(1000 + 600));
    expect(nextReconcileAt(created, 1000, at(1000), flw)).toEqual(at(1600));
  });

  it('a nonsense attempt count (0) waits the first retry', () => {
    expect(nextReconcileAt(created, 0, at(90), mpesa)).toEqual(at(120));
  });
});
