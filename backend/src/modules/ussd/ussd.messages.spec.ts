import { PROCESSOR_ERRORS } from '../processor/processor.errors';
import { PurchaseRefusedError, RG_ERRORS } from '../rg/rg.errors';
import { Money } from '../../common/money/money';
import { USSD_MESSAGES as M, USSD_SCREEN_MAX, UssdSlipLine } from './ussd.messages';

/** The longest values each screen can be filled with (docs/PRODUCT-RULES.md R170). */
const worstSlip: UssdSlipLine = {
  tipster: 'w'.repeat(150),
  legs: 5,
  odds: '100.00',
  priceKsh: 1000,
  rating: 100,
  moneyBack: false,
};
const worstMoneyBack: UssdSlipLine = { ...worstSlip, moneyBack: true };
const worstCode = '*9999*999999*999999*999999#';
const refusals = [
  new PurchaseRefusedError({ reason: 'self-excluded', until: new Date('2027-12-31T20:59:00Z') })
    .message,
  new PurchaseRefusedError({
    reason: 'daily-cap',
    capKsh: Money.parse('999999'),
    spentKsh: Money.parse('999999'),
  }).message,
  ...Object.values(RG_ERRORS).map((e) => e.message),
  ...Object.values(PROCESSOR_ERRORS).map((e) => e.message),
  'x'.repeat(400),
];

const screens: [string, string][] = [
  ['main', M.main()],
  ['topSlips (5, more)', M.topSlips(Array(5).fill(worstSlip), true)],
  ['topSlips (5, last)', M.topSlips(Array(5).fill(worstSlip), false)],
  ['topSlips (5 money-back, more)', M.topSlips(Array(5).fill(worstMoneyBack), true)],
  ['noSlips', M.noSlips()],
  ['confirm', M.confirm({ ...worstSlip, slipId: 2_147_483_647 })],
  ['confirm (money-back)', M.confirm({ ...worstMoneyBack, slipId: 2_147_483_647 })],
  ['askVoucher', M.askVoucher(true)],
  ['paidWithVoucher', M.paidWithVoucher(2_147_483_647)],
  ['willPrompt', M.willPrompt(1000)],
  ['paybill', M.paybill('9999999', 'W'.repeat(12), 1000)],
  ['notOnSale', M.notOnSale()],
  ...refusals.map((r, i): [string, string] => [`refused ${i}`, M.refused(r)]),
  ['alreadyBought', M.alreadyBought(2_147_483_647)],
  ['promptOpen', M.promptOpen()],
  ['tooManyPrompts', M.tooManyPrompts(600)],
  ['myTips', M.myTips(Array(5).fill({ slipId: 2_147_483_647, code: 'ABCD1234' }))],
  ['noTips', M.noTips()],
  ['resent', M.resent(2_147_483_647)],
  ['askCode', M.askCode(true)],
  ['rgMenu', M.rgMenu()],
  ['askCap', M.askCap(true)],
  ['askPeriod', M.askPeriod()],
  ['askSmsCode', M.askSmsCode()],
  ['capSet (later)', M.capSet('1000000', '31 Dec 2027, 23:59')],
  ['capSet', M.capSet('1000000', null)],
  ['excluded', M.excluded('31 Dec 2027, 23:59')],
  ...refusals.map((r, i): [string, string] => [`rgFailed ${i}`, M.rgFailed(r)]),
  ['help', M.help(worstCode)],
  ['unreadable', M.unreadable(worstCode)],
  ['busy', M.busy()],
];

describe('USSD_MESSAGES', () => {
  it('marks a money-back slip MB in the list and Money-back on the confirm screen (docs/PRODUCT-RULES.md R277)', () => {
    const line = { ...worstSlip, tipster: 'amina_tips', rating: 61.4 };
    expect(M.topSlips([line, { ...line, moneyBack: true }], false)).toBe(
      'CON 1 amina_t 5L 100.00 K1000 61%\n2 amina_ 5L 100.00 K1000 61% MB\n0 Back',
    );
    expect(M.confirm({ ...line, moneyBack: true, slipId: 42 })).toContain(
      '\nPrice Ksh 1000, Money-back\n1 Pay Ksh 1000 by M-Pesa\n2 Pay by paybill\n3 Pay with voucher\n0 Back',
    );
    expect(M.confirm({ ...line, slipId: 42 })).not.toContain('Money-back');
  });

  it.each(screens)('%s fits one screen and starts CON or END', (_name, screen) => {
    expect(screen.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(screen).toMatch(/^(CON|END) \S/);
  });

  it('covers every message of the table', () => {
    const covered = new Set(screens.map(([name]) => name.split(' ')[0]));
    expect(Object.keys(M).filter((k) => !covered.has(k))).toEqual([]);
  });
});
