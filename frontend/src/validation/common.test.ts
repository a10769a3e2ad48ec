import { describe, expect, it } from 'vitest';
import { collectErrors, EMAIL_PATTERN, firstError, hasErrors, isBlank } from './common';

describe('validation helpers', () => {
  it('treats empty and whitespace-only values as blank', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   ')).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('matches standard e-mail addresses', () => {
    expect(EMAIL_PATTERN.test('jane@example.co.ke')).toBe(true);
    expect(EMAIL_PATTERN.test('jane@example')).toBe(false);
    expect(EMAIL_PATTERN.test('jane doe@example.com')).toBe(false);
    expect(EMAIL_PATTERN.test('@example.com')).toBe(false);
  });

  it('keeps the first failing message', () => {
    expect(firstError(null, 'a', 'b')).toBe('a');
    expect(firstError(null, null)).toBeNull();
  });

  it('collects only failing fields', () => {
    const errors = collectErrors({ email: 'Enter valid email', phone: null });
    expect(errors).toEqual({ email: 'Enter valid email' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(collectErrors({ phone: null }))).toBe(false);
  });
});
