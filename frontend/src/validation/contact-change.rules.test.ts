import { describe, expect, it } from 'vitest';
import { emailChangeError } from './email-change.rules';
import { phoneChangeError } from './phone-change.rules';

describe('phone change rule (docs/PRODUCT-RULES.md R133)', () => {
  it('needs exactly 10 characters first', () => {
    expect(phoneChangeError('071234567')).toBe('Phone number should have 10 digits');
    expect(phoneChangeError('07a')).toBe('Phone number should have 10 digits');
  });

  it('then digits only', () => {
    expect(phoneChangeError('07123a5678')).toBe('Only digits allowed');
    expect(phoneChangeError('0712345678')).toBeNull();
    expect(phoneChangeError(' 0712345678 ')).toBeNull();
  });
});

describe('e-mail change rule (docs/PRODUCT-RULES.md R133)', () => {
  it("answers 'Enter valid email' for a bad address", () => {
    expect(emailChangeError('jane@')).toBe('Enter valid email');
    expect(emailChangeError('jane@example.com')).toBeNull();
  });
});
