import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatNairobiDateTime,
  formatNairobiDay,
  statusColor,
  statusLabel,
} from './common/format';

describe('back-office formats', () => {
  it("shows money as Ksh with 2 decimals, from the server's digits (it rounds nothing)", () => {
    expect(formatMoney('1500')).toBe('Ksh. 1,500.00');
    expect(formatMoney('0.1')).toBe('Ksh. 0.10');
    expect(formatMoney('1.01')).toBe('Ksh. 1.01');
    // The server sends 2 decimals; a third is not rounded in the browser (docs/CONTRIBUTING.md §10).
    expect(formatMoney('1.005')).toBe('Ksh. -');
    expect(formatMoney(60)).toBe('Ksh. 60.00');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    // In the currency of its record (purchases): never 'Ksh.' before NGN or UGX.
    expect(formatMoney('617.28', 'NGN')).toBe('NGN 617.28');
    expect(formatMoney('1850', 'UGX')).toBe('UGX 1,850.00');
    expect(formatMoney('50', 'KES')).toBe('Ksh. 50.00');
  });

  it('shows instants in Africa/Nairobi time (UTC+3), whatever the browser zone', () => {
    expect(formatNairobiDateTime('2026-03-05T21:30:00Z')).toBe('6 Mar 2026 00:30');
    expect(formatNairobiDateTime('2026-11-23T09:05:00.000Z')).toBe('23 Nov 2026 12:05');
    expect(formatNairobiDateTime(null)).toBe('');
    expect(formatNairobiDateTime('not a date')).toBe('');
  });

  it('shows a YYYY-MM-DD Nairobi day as that calendar day', () => {
    expect(formatNairobiDay('2026-03-05')).toBe('5 Mar 2026');
    expect(formatNairobiDay(null)).toBe('');
  });

  it('colours statuses: done green, waiting amber, failed red, unknown grey', () => {
    expect(statusColor('paid')).toBe('success');
    expect(statusColor('pending')).toBe('warning');
    expect(statusColor('failed')).toBe('error');
    expect(statusColor('whatever')).toBe('default');
    expect(statusLabel('in_play')).toBe('In play');
  });
});
