import { toKenyanMsisdn } from '../../../common/msisdn/msisdn';

/**
 * The inbox key of a sandbox phone: international digits without '+'. Kenyan numbers in any
 * form of docs/PRODUCT-RULES.md R136 ('0712345678', '712345678', '+254712345678') become their
 * MSISDN '254712345678'; other international numbers ('+256772123456', '234…') keep their 10–15
 * digits.
 * @returns null for anything else.
 */
export const phoneKey = (input: string | null | undefined): string | null => {
  if (typeof input !== 'string') return null;
  const kenyan = toKenyanMsisdn(input);
  if (kenyan) return kenyan;
  const digits = input
    .trim()
    .replace(/[\s\-().]/g, '')
    .replace(/^\+/, '');
  if (!/^[1-9]\d{9,14}$/.test(digits)) return null;
  return digits;
};
