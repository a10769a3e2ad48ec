/**
 * Deliberate mistakes for backend/test/repo/eslint-rules.spec.ts (docs/CONTRIBUTING.md "Lint and
 * format"): the line after each `expect:` comment must be reported by the rule the comment names,
 * and nothing else may be reported. The main lint run ignores this folder (eslint.config.mjs); its
 * own tsconfig.json keeps the type program of the test small.
 */

const saveLater = async (id: number): Promise<number> => Promise.resolve(id);

export const floating = (): void => {
  // expect: @typescript-eslint/no-floating-promises
  saveLater(1);
};

export const misused = (ids: number[]): void => {
  // expect: @typescript-eslint/no-misused-promises
  ids.forEach(async (id) => {
    await saveLater(id);
  });
};

export const awaitedOrHandled = async (): Promise<void> => {
  await saveLater(2);
  // Fire-and-forget on purpose, as the rule allows: `void`, or a `.catch` that handles the rejection.
  void saveLater(3);
  saveLater(4).catch(() => undefined);
};
