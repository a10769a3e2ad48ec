import { describe, expect, it } from 'vitest';
import { publishFailureMessage } from '../lib/messages';
import { buildSlipLimits } from '../test-fetch';
import { addGameError, priceFieldError, publishError } from './slip-builder.rules';
import { WITHDRAWAL_MESSAGES, withdrawBalanceError, withdrawPhoneError } from './withdrawal.rules';

describe('slip building rules (docs/PRODUCT-RULES.md R135)', () => {
  // The server's limits (GET /api/slip/limits); the rules hold no number or message of their own.
  const L = buildSlipLimits();
  const M = L.messages;

  it('adds a game once, up to 5', () => {
    expect(addGameError(L, [1, 2], 3)).toBeNull();
    expect(addGameError(L, [1, 2], '2')).toBe('Game already in slip');
    expect(addGameError(L, [1, 2, 3, 4, 5], 6)).toBe('Maximum number of 5 games reached');
  });

  it('checks the price field', () => {
    expect(priceFieldError(L, ' ')).toBe("Can't be empty");
    expect(priceFieldError(L, '12a')).toBe('Numbers only');
    expect(priceFieldError(L, '1001')).toBe('Max Amount: 1000');
    expect(priceFieldError(L, '1000')).toBeNull();
  });

  it("publishes 3 to 5 tips, total odds in range as the server's quote says, price 50 to 1000", () => {
    expect(publishError(L, 2, true, '50')).toBe("Publish at least '3' tip");
    expect(publishError(L, 6, true, '50')).toBe('Maximum number of 5 games reached');
    expect(publishError(L, 3, false, '50')).toBe(M.total_odds);
    expect(M.total_odds).toBe(
      'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0',
    );
    expect(publishError(L, 3, true, '50')).toBeNull();
    // The quote not known yet: publishing itself answers for the total odds.
    expect(publishError(L, 3, undefined, '50')).toBeNull();
  });

  it('follows other served limits', () => {
    const other = buildSlipLimits({
      min_tips: 2,
      max_tips: 2,
      max_total_odds: '3.00',
      max_price_ksh: 200,
    });
    expect(addGameError(other, [1, 2], 3)).toBe(other.messages.too_many_tips);
    expect(publishError(other, 2, true, '50')).toBeNull();
    expect(publishError(other, 2, false, '50')).toBe(other.messages.total_odds);
    expect(publishError(other, 2, true, '201')).toBe(other.messages.price_range);
  });

  it('accepts the limits and checks the price range', () => {
    expect(publishError(L, 3, true, '49')).toBe('Price range Ksh. [50-1000]');
    expect(publishError(L, 3, true, '1000')).toBeNull();
  });

  it('builds the publish failure message (docs/PRODUCT-RULES.md R70)', () => {
    expect(publishFailureMessage('Game already started', 'Arsenal v Chelsea')).toBe(
      'Game already started Arsenal v Chelsea',
    );
    expect(publishFailureMessage(null)).toBe('Error Saving tips');
  });
});

describe('withdrawal rules (docs/PRODUCT-RULES.md R128, R136, R70)', () => {
  it("opens the dialog only on the server's word that the balance reaches Ksh 500", () => {
    expect(withdrawBalanceError(false)).toBe(WITHDRAWAL_MESSAGES.minimumBalance);
    expect(withdrawBalanceError(undefined)).toBe(
      'Minimum withdrawal amount is Ksh. 500. Account Balance should be at least Ksh. 500',
    );
    expect(withdrawBalanceError(true)).toBeNull();
    expect(withdrawPhoneError('123')).toBe('Enter a valid phone number');
  });
});
