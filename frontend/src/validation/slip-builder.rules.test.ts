import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, publishFailureMessage } from '../lib/messages';
import { addGameError, priceFieldError, publishError, SLIP_BUILDER_MESSAGES as M } from './slip-builder.rules';
import { WITHDRAWAL_MESSAGES, withdrawBalanceError, withdrawPhoneError } from './withdrawal.rules';

describe('slip building rules (spec §5)', () => {
  it('adds a game once, up to 5', () => {
    expect(addGameError([1, 2], 3)).toBeNull();
    expect(addGameError([1, 2], '2')).toBe('Game already in slip');
    expect(addGameError([1, 2, 3, 4, 5], 6)).toBe('Maximum number of 5 games reached');
  });

  it('checks the price field', () => {
    expect(priceFieldError(' ')).toBe("Can't be empty");
    expect(priceFieldError('12a')).toBe('Numbers only');
    expect(priceFieldError('1001')).toBe('Max Amount: 1000');
    expect(priceFieldError('1000')).toBeNull();
  });

  it('publishes 3 to 5 tips, total odds 1.6 to 100 (truncated), price 50 to 1000', () => {
    expect(publishError(['1.5', '1.5'], 50)).toBe("Publish at least '3' tip");
    expect(publishError(['1.1', '1.1', '1.1'], 50)).toBe(M.totalOdds);
    expect(M.totalOdds).toBe(
      'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0',
    );
    expect(publishError(['5', '5', '5'], 50)).toBe(M.totalOdds);
    expect(publishError(['1.2', '1.2', '1.1'], 50)).toBe(M.totalOdds); // 1.584 -> 1.58
    expect(publishError(['1.2', '1.2', '1.12'], 50)).toBeNull(); // 1.6128 -> 1.61
  });

  it('accepts the limits and checks the price range', () => {
    expect(publishError(['2', '2', '25'], 50)).toBeNull(); // exactly 100
    expect(publishError(['1.2', '1.2', '1.2'], 49)).toBe('Price range Ksh. [50-1000]');
    expect(publishError(['1.2', '1.2', '1.2'], 1000)).toBeNull();
  });

  it('builds the publish failure message (spec §8)', () => {
    expect(publishFailureMessage('Game already started', 'Arsenal v Chelsea')).toBe(
      'Game already started Arsenal v Chelsea',
    );
    expect(publishFailureMessage(null)).toBe('Error Saving tips');
    expect(DASHBOARD_MESSAGES.cannotPost).toBe("Can't Post more than 2 tips");
  });
});

describe('withdrawal rules (spec §4, §5, §8)', () => {
  it('needs a balance of at least Ksh 500', () => {
    expect(withdrawBalanceError('499.99')).toBe(WITHDRAWAL_MESSAGES.minimumBalance);
    expect(withdrawBalanceError(null)).toBe(
      'Minimum withdrawal amount is Ksh. 500. Account Balance should be at least Ksh. 500',
    );
    expect(withdrawBalanceError('500.00')).toBeNull();
    expect(withdrawPhoneError('123')).toBe('Enter a valid phone number');
  });
});
