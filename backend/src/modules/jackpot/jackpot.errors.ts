import { DomainError, ErrorSpec } from '../../common/errors/domain-error';
import { MAX_JACKPOT_TIPS, MIN_JACKPOT_TIPS } from './jackpot.constants';

/** Error codes of the jackpot module (docs/CONTRIBUTING.md §6). */
export enum JackpotErrorCode {
  TOO_FEW_TIPS = 'TOO_FEW_TIPS',
  TOO_MANY_TIPS = 'TOO_MANY_TIPS',
  BAD_TIP = 'BAD_TIP',
  DUPLICATE_GAME = 'DUPLICATE_GAME',
  GAME_UNAVAILABLE = 'GAME_UNAVAILABLE',
  PRICE_OUT_OF_RANGE = 'PRICE_OUT_OF_RANGE',
  ODDS_TOO_HIGH = 'ODDS_TOO_HIGH',
  OWNER_NOT_ADMIN = 'OWNER_NOT_ADMIN',
  JACKPOT_NOT_FOUND = 'JACKPOT_NOT_FOUND',
  JACKPOT_SOLD = 'JACKPOT_SOLD',
  BAD_HISTORY_QUERY = 'BAD_HISTORY_QUERY',
}

/** Code → HTTP status and message. */
export const JACKPOT_ERRORS: Record<JackpotErrorCode, ErrorSpec> = {
  [JackpotErrorCode.TOO_FEW_TIPS]: {
    status: 400,
    message: `A jackpot needs at least ${MIN_JACKPOT_TIPS} games`,
  },
  [JackpotErrorCode.TOO_MANY_TIPS]: {
    status: 400,
    message: `A jackpot has at most ${MAX_JACKPOT_TIPS} games`,
  },
  [JackpotErrorCode.BAD_TIP]: { status: 400, message: 'Each tip needs a game and a market' },
  [JackpotErrorCode.DUPLICATE_GAME]: { status: 400, message: 'Game already in slip' },
  [JackpotErrorCode.GAME_UNAVAILABLE]: { status: 400, message: 'This game can not be tipped' },
  [JackpotErrorCode.PRICE_OUT_OF_RANGE]: { status: 400, message: 'Price range Ksh. [50-1000]' },
  [JackpotErrorCode.ODDS_TOO_HIGH]: {
    status: 400,
    message: 'Total odds too high: at most 999999.99',
  },
  [JackpotErrorCode.OWNER_NOT_ADMIN]: {
    status: 400,
    message: 'A jackpot slip must belong to an admin account',
  },
  [JackpotErrorCode.JACKPOT_NOT_FOUND]: { status: 404, message: 'Jackpot not found' },
  [JackpotErrorCode.JACKPOT_SOLD]: {
    status: 400,
    message: 'This jackpot has been bought (paid or payment pending): it cannot be deleted',
  },
  [JackpotErrorCode.BAD_HISTORY_QUERY]: {
    status: 400,
    message: 'company must be SP or BT, type MG or MW, before a jackpot id, limit 1-50',
  },
};

/**
 * The jackpot module's error: `{ message, error, game }` like the slip module's publish errors,
 * `game` naming the offending fixture ('Home v Away') or null.
 */
export class JackpotError extends DomainError<JackpotErrorCode> {
  constructor(code: JackpotErrorCode, extra: Record<string, unknown> = {}, message?: string) {
    const spec = message ? { ...JACKPOT_ERRORS[code], message } : JACKPOT_ERRORS[code];
    super(code, spec, { error: spec.message, ...extra });
  }
}
