import { ussdCodeOf } from '../../slip/domain/ussd-code';
import { parseAnswers, walk } from './ussd-menu';

describe('ussd menu walk', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['1', ['1']],
    ['1*9*0', ['1', '9', '0']],
    ['**', ['', '', '']],
  ])('parses %p', (text, answers) => {
    expect(parseAnswers(text)).toEqual(answers);
  });

  it.each([['1*a'], ['😀'], ['1'.repeat(161)], [42], [['1']], ['1\u0000']])(
    'refuses %p',
    (text) => {
      expect(parseAnswers(text)).toBeNull();
    },
  );

  it.each([
    ['', 12, { kind: 'main' }],
    ['7', 12, { kind: 'main' }],
    ['0', 12, { kind: 'help' }],
    ['1', 12, { kind: 'top', page: 0 }],
    ['1*9', 12, { kind: 'top', page: 1 }],
    ['1*9*9', 12, { kind: 'top', page: 2 }],
    ['1*9*9*9', 12, { kind: 'top', page: 2 }],
    ['1*9*9*0', 12, { kind: 'top', page: 1 }],
    ['1*9', 5, { kind: 'top', page: 0 }],
    ['1*0', 12, { kind: 'main' }],
    ['1*9*9*3', 12, { kind: 'top', page: 2 }],
    ['1*9*9*2', 12, { kind: 'top-slip', index: 11 }],
    ['1*2*0', 12, { kind: 'top', page: 0 }],
    ['1*2*1', 12, { kind: 'top-buy', index: 1 }],
    ['1*2*1*1', 12, { kind: 'unreadable' }],
    ['1*2*2', 12, { kind: 'top-paybill', index: 1 }],
    ['1*2*2*1', 12, { kind: 'unreadable' }],
    ['1*2*3', 12, { kind: 'top-voucher', index: 1, retry: false }],
    ['1*2*3*0', 12, { kind: 'top-slip', index: 1 }],
    ['1*2*3*12345', 12, { kind: 'top-voucher', index: 1, retry: true }],
    ['1*2*3*12345*123456789012', 12, { kind: 'top-voucher-pay', index: 1, code: '123456789012' }],
    ['1*2*3*123456789012*1', 12, { kind: 'unreadable' }],
    [`3*${ussdCodeOf(42)}*3`, 0, { kind: 'code-voucher', slipId: 42, retry: false }],
    [`3*${ussdCodeOf(42)}*3*#`, 0, { kind: 'code-voucher', slipId: 42, retry: true }],
    [`3*${ussdCodeOf(42)}*3*0`, 0, { kind: 'code-slip', slipId: 42 }],
    [
      `3*${ussdCodeOf(42)}*3*000000000000`,
      0,
      { kind: 'code-voucher-pay', slipId: 42, code: '000000000000' },
    ],
    ['2', 0, { kind: 'mine' }],
    ['2*3', 0, { kind: 'mine-resend', index: 2 }],
    ['3', 0, { kind: 'code', retry: false }],
    ['3*423', 0, { kind: 'code', retry: true }],
    [`3*${ussdCodeOf(42)}`, 0, { kind: 'code-slip', slipId: 42 }],
    [`3*${ussdCodeOf(42)}*1`, 0, { kind: 'code-buy', slipId: 42 }],
    [`3*${ussdCodeOf(42)}*2`, 0, { kind: 'code-paybill', slipId: 42 }],
    ['4*1*500', 0, { kind: 'rg-cap-code', capKsh: 500 }],
    ['4*1*99999999', 0, { kind: 'rg-cap', retry: true }],
    ['4*1*500*123456', 0, { kind: 'rg-cap-set', capKsh: 500, code: '123456' }],
    ['4*2*2', 0, { kind: 'rg-excl-code', period: '6m' }],
    ['4*2*3*123456', 0, { kind: 'rg-excl-set', period: '1y', code: '123456' }],
    ['0*1', 0, { kind: 'unreadable' }],
  ])('%p with %i top slips → %p', (text, count, state) => {
    expect(walk(parseAnswers(text) as string[], count)).toEqual(state);
  });
});
