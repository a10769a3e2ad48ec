import type { PurchaseStatus } from '../../processor/purchase.service';
import { buyerStatus, parseBefore } from './buyer-history';

describe('buyer status (docs/PRODUCT-RULES.md R161, R163)', () => {
  it.each<[PurchaseStatus, string]>([
    ['pending', 'pending'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['cancelled', 'failed'],
    ['timeout', 'failed'],
  ])('%s → %s', (stored, shown) => expect(buyerStatus(stored)).toBe(shown));
});

describe('page cursor', () => {
  it.each<[unknown, string | null]>([
    [undefined, null],
    ['', null],
    ['42', '42'],
    ['999999999999999999', '999999999999999999'],
    ['0', 'invalid'],
    ['-1', 'invalid'],
    ['01', 'invalid'],
    ['1e3', 'invalid'],
    ['9999999999999999999', 'invalid'],
    [42, 'invalid'],
    [['1', '2'], 'invalid'],
    ["1' OR '1'='1", 'invalid'],
  ])('%j → %j', (input, cursor) => expect(parseBefore(input)).toBe(cursor));
});
