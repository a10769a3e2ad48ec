/** Options of `eventually`. */
export interface EventuallyOptions {
  /** Longest wait in ms (default 15,000): tests run under load, so be generous. */
  timeoutMs?: number;
  /** Pause between attempts in ms (default 100). */
  intervalMs?: number;
  /** What is awaited, for the timeout message (e.g. 'the outbox row to be sent'). */
  what?: string;
}

const describeValue = (value: unknown): string => {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 500 ? `${text.slice(0, 500)}…` : text;
  } catch {
    return String(value);
  }
};

/**
 * Waits for a condition instead of sleeping (docs/CONTRIBUTING.md §9): calls `fn` every
 * `intervalMs` until it returns a truthy value without throwing, and resolves with that value.
 * `fn` may be an assertion (`() => { expect(x).toBe(1); return true; }`): a throw counts as "not
 * yet". After `timeoutMs` rejects with an error naming `what`, the attempts made and the last value
 * returned or the last error thrown.
 */
export const eventually = async <T>(
  fn: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 100, what = 'condition' }: EventuallyOptions = {},
): Promise<Exclude<T, null | undefined | false | 0 | ''>> => {
  const started = Date.now();
  let attempts = 0;
  let last: { value?: unknown; error?: unknown } = {};
  for (;;) {
    attempts += 1;
    try {
      const value = await fn();
      if (value) return value as Exclude<T, null | undefined | false | 0 | ''>;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() - started >= timeoutMs) {
      const lastSeen =
        'error' in last
          ? `last error: ${describeValue(last.error)}`
          : `last value: ${describeValue(last.value)}`;
      const err = new Error(
        `eventually: ${what} not met within ${timeoutMs} ms (${attempts} attempts); ${lastSeen}`,
      );
      if ('error' in last && last.error instanceof Error)
        (err as Error & { cause?: unknown }).cause = last.error;
      throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
