import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the slip module (docs/CONTRIBUTING.md §6). */
export enum SlipErrorCode {
  TOO_FEW_TIPS = 'TOO_FEW_TIPS',
  TOO_MANY_TIPS = 'TOO_MANY_TIPS',
  DUPLICATE_GAME = 'DUPLICATE_GAME',
  ACCUMULATOR_OUT_OF_RANGE = 'ACCUMULATOR_OUT_OF_RANGE',
  PRICE_OUT_OF_RANGE = 'PRICE_OUT_OF_RANGE',
  DAILY_LIMIT_REACHED = 'DAILY_LIMIT_REACHED',
  BAD_TIP = 'BAD_TIP',
  GAME_UNAVAILABLE = 'GAME_UNAVAILABLE',
  SLIP_NOT_FOUND = 'SLIP_NOT_FOUND',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  BAD_PAGE = 'BAD_PAGE',
  INVALID_PAGE = 'INVALID_PAGE',
  /** Back office `free-tips`: the same fixture and market is already a free tip. */
  FREE_TIP_EXISTS = 'FREE_TIP_EXISTS',
  /** GET /api/export/slips.*: a malformed `from`/`to` date or from after to. */
  BAD_EXPORT_RANGE = 'BAD_EXPORT_RANGE',
  /** POST /api/slip/create: MAX_MONEY_BACK_SLIPS_PER_DAY money-back slips this Nairobi day (R248). */
  MONEY_BACK_LIMIT_REACHED = 'MONEY_BACK_LIMIT_REACHED',
  /** POST /api/slip/create: `money_back` not a boolean. */
  BAD_MONEY_BACK = 'BAD_MONEY_BACK',
}

/** Code → HTTP status and the exact message (docs/PRODUCT-RULES.md R69, R135). */
export const SLIP_ERRORS: Record<SlipErrorCode, ErrorSpec> = {
  [SlipErrorCode.TOO_FEW_TIPS]: { status: 400, message: "Publish at least '3' tip" },
  [SlipErrorCode.TOO_MANY_TIPS]: { status: 400, message: 'Maximum number of 5 games reached' },
  [SlipErrorCode.DUPLICATE_GAME]: { status: 400, message: 'Game already in slip' },
  [SlipErrorCode.ACCUMULATOR_OUT_OF_RANGE]: {
    status: 400,
    message: 'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0',
  },
  [SlipErrorCode.PRICE_OUT_OF_RANGE]: { status: 400, message: 'Price range Ksh. [50-1000]' },
  [SlipErrorCode.DAILY_LIMIT_REACHED]: { status: 400, message: "Can't Post more than 2 tips" },
  [SlipErrorCode.BAD_TIP]: { status: 400, message: 'Each tip needs a game and a market' },
  [SlipErrorCode.GAME_UNAVAILABLE]: { status: 400, message: 'This game can not be tipped' },
  [SlipErrorCode.SLIP_NOT_FOUND]: { status: 404, message: 'Slip not found' },
  [SlipErrorCode.USER_NOT_FOUND]: { status: 404, message: 'User not found' },
  [SlipErrorCode.BAD_PAGE]: { status: 400, message: 'Invalid page number' },
  [SlipErrorCode.INVALID_PAGE]: { status: 404, message: 'Invalid page' },
  [SlipErrorCode.FREE_TIP_EXISTS]: { status: 400, message: 'This free tip already exists' },
  [SlipErrorCode.BAD_EXPORT_RANGE]: {
    status: 400,
    message: 'from and to must be dates YYYY-MM-DD',
  },
  [SlipErrorCode.MONEY_BACK_LIMIT_REACHED]: {
    status: 400,
    message: "Can't post more than 1 money-back slip a day",
  },
  [SlipErrorCode.BAD_MONEY_BACK]: { status: 400, message: 'money_back must be true or false' },
};

/**
 * The slip module's error. The body carries the spec's `error` field (the message) and, for
 * publish failures, `game` naming the offending fixture ('Home v Away') or null:
 * `400 { message, error, game }`.
 */
export class SlipError extends DomainError<SlipErrorCode> {
  constructor(code: SlipErrorCode, extra: Record<string, unknown> = {}, message?: string) {
    const spec = message ? { ...SLIP_ERRORS[code], message } : SLIP_ERRORS[code];
    super(code, spec, { error: spec.message, ...extra });
  }
}
