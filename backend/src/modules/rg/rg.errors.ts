import { defineErrors, DomainError } from '../../common/errors/domain-error';
import { INVALID_PHONE_MESSAGE_LOWER } from '../../common/msisdn/msisdn';
import { Money } from '../../common/money/money';
import { toNairobiIso } from '../../common/time/nairobi';
import { EXCLUSION_PERIODS, MAX_DAILY_CAP_KSH, PurchaseRefusal } from './domain/rg-rules';

export enum RgErrorCode {
  INVALID_PHONE = 'INVALID_PHONE',
  INVALID_CODE = 'INVALID_CODE',
  CODE_TOO_SOON = 'CODE_TOO_SOON',
  INVALID_CAP = 'INVALID_CAP',
  INVALID_PERIOD = 'INVALID_PERIOD',
}

/** Errors of the responsible-gambling controls (docs/PRODUCT-RULES.md "Records and responsible gambling"). */
export const RG_ERRORS = defineErrors<RgErrorCode>({
  [RgErrorCode.INVALID_PHONE]: { status: 400, message: INVALID_PHONE_MESSAGE_LOWER },
  [RgErrorCode.INVALID_CODE]: {
    status: 400,
    message: 'The code is wrong or has expired. Ask for a new one.',
  },
  [RgErrorCode.CODE_TOO_SOON]: {
    status: 429,
    message: 'A code was sent less than a minute ago. Wait a minute, then ask again.',
  },
  [RgErrorCode.INVALID_CAP]: {
    status: 400,
    message: `daily_cap_ksh must be a whole number of Ksh from 0 to ${MAX_DAILY_CAP_KSH.toLocaleString('en-KE')}`,
  },
  [RgErrorCode.INVALID_PERIOD]: {
    status: 400,
    message: `period must be one of ${EXCLUSION_PERIODS.map((p) => `'${p}'`).join(', ')}`,
  },
});

export class RgError extends DomainError<RgErrorCode> {
  constructor(code: RgErrorCode) {
    super(code, RG_ERRORS[code]);
  }
}

/** 'Ksh 1,500' (or 'Ksh 1,500.50'). */
const ksh = (m: Money): string => {
  const [whole, cents] = m.toDecimal().split('.');
  return `Ksh ${Number(whole).toLocaleString('en-KE')}${cents === '00' ? '' : `.${cents}`}`;
};

/** "26 Dec 2026, 12:00" in Africa/Nairobi time. */
const nairobiWhen = (d: Date): string => {
  const iso = toNairobiIso(d);
  const month = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ][Number(iso.slice(5, 7)) - 1];
  return `${Number(iso.slice(8, 10))} ${month} ${iso.slice(0, 4)}, ${iso.slice(11, 16)}`;
};

/** The 403 a refused purchase answers with (no payment prompt is sent). */
export class PurchaseRefusedError extends DomainError<'SELF_EXCLUDED' | 'DAILY_CAP_REACHED'> {
  constructor(refusal: PurchaseRefusal) {
    super(refusal.reason === 'self-excluded' ? 'SELF_EXCLUDED' : 'DAILY_CAP_REACHED', {
      status: 403,
      message:
        refusal.reason === 'self-excluded'
          ? `This phone is self-excluded from buying tips until ${nairobiWhen(refusal.until)} (Nairobi time).`
          : `This purchase would pass your daily limit of ${ksh(refusal.capKsh)} (${ksh(refusal.spentKsh)} spent today). Try again tomorrow.`,
    });
  }
}
