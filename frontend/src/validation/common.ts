/**
 * A rule answers its exact message (docs/PRODUCT-RULES.md "Forms and their messages"), or null when
 * the value passes.
 */
export type RuleResult = string | null;

/** Standard e-mail pattern used by every e-mail field. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** First failing rule's message, or null. */
export const firstError = (...results: RuleResult[]): RuleResult =>
  results.find((result) => result !== null) ?? null;

/** Errors object of a form: field -> message; empty when the form is valid. */
export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

/** Builds a FormErrors from field -> RuleResult, keeping only failures. */
export const collectErrors = <Field extends string>(
  results: Record<Field, RuleResult>,
): FormErrors<Field> => {
  const errors: FormErrors<Field> = {};
  for (const field of Object.keys(results) as Field[]) {
    const message = results[field];
    if (message !== null) errors[field] = message;
  }
  return errors;
};

export const hasErrors = (errors: Record<string, unknown>): boolean =>
  Object.keys(errors).length > 0;
