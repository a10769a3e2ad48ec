import { describe, expect, it } from 'vitest';
import { validateAccountDetails } from './account-details.rules';

describe('account details rules', () => {
  it('allows up to 60 characters for name and city', () => {
    expect(validateAccountDetails({ name: 'a'.repeat(60), city: 'Nairobi' })).toEqual({});
    expect(validateAccountDetails({ name: 'a'.repeat(61), city: 'b'.repeat(61) })).toEqual({
      name: 'At most 60 characters',
      city: 'At most 60 characters',
    });
  });
});
