import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { toNairobiIso } from '../../common/time/nairobi';
import { AppConfig } from '../../config/app-config';
import { RgError, RgErrorCode } from '../rg/rg.errors';
import { RgService, RgView } from '../rg/rg.service';
import type { SlipResponse } from '../slip/slip.mapper';
import { SlipPicksResendService } from '../slip/slip-picks-resend.service';
import { SlipQueryService } from '../slip/slip-query.service';
import { needsTopList, parseAnswers, SLIPS_PER_SCREEN, UssdState, walk } from './domain/ussd-menu';
import { UssdBuyService } from './ussd-buy.service';
import { USSD_MESSAGES as M, UssdSlipLine } from './ussd.messages';

/** One USSD request as Africa's Talking sends it (docs/PROVIDERS.md "Africa's Talking USSD"), fields unchecked. */
export interface UssdRequest {
  sessionId?: unknown;
  serviceCode?: unknown;
  phoneNumber?: unknown;
  networkCode?: unknown;
  text?: unknown;
}

type TopSlip = UssdSlipLine & { slipId: number };

/** '500.00' → '500' (whole Ksh as the screens show them). */
const wholeKsh = (decimal: string): string => decimal.replace(/\.00$/, '');
/** '2026-12-26T12:00:00+03:00' → '2026-12-26 12:00' (Africa/Nairobi). */
const nairobiWhen = (isoUtc: string): string => {
  const iso = toNairobiIso(new Date(isoUtc));
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
};

/**
 * The USSD menu (docs/PRODUCT-RULES.md R170-R181, R277, R278): one request → one screen. The answers in
 * `text` are replayed from the main menu (domain/ussd-menu.ts `walk`); the screen of the state
 * reached comes from USSD_MESSAGES. Buying goes through UssdBuyService, "Find my tips" through
 * the slip module's SlipPicksResendService, betting limits through the rg module's RgService.
 */
@Injectable()
export class UssdMenuService {
  constructor(
    private readonly slips: SlipQueryService,
    private readonly buys: UssdBuyService,
    private readonly picks: SlipPicksResendService,
    private readonly rg: RgService,
    private readonly config: AppConfig,
  ) {}

  /** The screen (`CON …` / `END …`, ≤ 182 characters) answering `req`. */
  async answer(req: UssdRequest): Promise<string> {
    const code = this.config.ussd.serviceCode;
    const answers = parseAnswers(req.text);
    const msisdn =
      typeof req.phoneNumber === 'string' && req.phoneNumber.length <= 20
        ? toKenyanMsisdn(req.phoneNumber)
        : null;
    const sessionId = typeof req.sessionId === 'string' ? req.sessionId.slice(0, 100) : '';
    if (!answers || !msisdn || !sessionId) return M.unreadable(code);
    const top = needsTopList(answers) ? await this.topSlips() : [];
    const state = walk(answers, top.length);
    return this.screen(state, { msisdn, sessionId, top });
  }

  private async screen(
    s: UssdState,
    ctx: { msisdn: string; sessionId: string; top: TopSlip[] },
  ): Promise<string> {
    switch (s.kind) {
      case 'main':
        return M.main();
      case 'top': {
        if (!ctx.top.length) return M.noSlips();
        const from = s.page * SLIPS_PER_SCREEN;
        return M.topSlips(
          ctx.top.slice(from, from + SLIPS_PER_SCREEN),
          from + SLIPS_PER_SCREEN < ctx.top.length,
        );
      }
      case 'top-slip':
        return M.confirm(ctx.top[s.index]);
      case 'top-buy':
        return this.buys.confirm(ctx.sessionId, ctx.msisdn, ctx.top[s.index].slipId);
      case 'top-paybill':
        return this.buys.paybill(ctx.msisdn, ctx.top[s.index].slipId);
      case 'top-voucher':
      case 'code-voucher':
        return M.askVoucher(s.retry);
      case 'top-voucher-pay':
        return this.buys.voucher(ctx.msisdn, ctx.top[s.index].slipId, s.code);
      case 'code-voucher-pay':
        return this.buys.voucher(ctx.msisdn, s.slipId, s.code);
      case 'mine':
      case 'mine-resend':
        return this.myTips(ctx.msisdn, s.kind === 'mine-resend' ? s.index : null);
      case 'code':
        return M.askCode(s.retry);
      case 'code-slip':
        return this.slipByCode(s.slipId);
      case 'code-buy':
        return this.buys.confirm(ctx.sessionId, ctx.msisdn, s.slipId);
      case 'code-paybill':
        return this.buys.paybill(ctx.msisdn, s.slipId);
      case 'rg':
        return M.rgMenu();
      case 'rg-cap':
        return M.askCap(s.retry);
      case 'rg-excl':
        return M.askPeriod();
      case 'rg-cap-code':
      case 'rg-excl-code':
        return this.sendRgCode(ctx.msisdn);
      case 'rg-cap-set':
        return this.rgChange(
          () => this.rg.setDailyCap(ctx.msisdn, s.code, s.capKsh),
          (v) =>
            M.capSet(
              wholeKsh(v.next_cap_ksh ?? v.daily_cap_ksh ?? '0'),
              v.next_cap_from ? nairobiWhen(v.next_cap_from) : null,
            ),
        );
      case 'rg-excl-set':
        return this.rgChange(
          () => this.rg.selfExclude(ctx.msisdn, s.code, s.period),
          (v) => M.excluded(v.excluded_until ? nairobiWhen(v.excluded_until) : '-'),
        );
      case 'help':
        return M.help(this.config.ussd.serviceCode);
      case 'unreadable':
        return M.unreadable(this.config.ussd.serviceCode);
    }
  }

  /**
   * Today's top slips still on sale (the home page's Popular list, from the list cache), parsed
   * once per cached body rather than on every step (docs/PERFORMANCE.md "USSD steps").
   */
  private async topSlips(): Promise<TopSlip[]> {
    return parsedOnce(await this.slips.homeActive(), (json: { slips: SlipResponse[] }) =>
      json.slips.filter((s) => s.slip_result === null).map(toLine),
    );
  }

  /**
   * The confirm screen of the slip a code names (docs/PRODUCT-RULES.md R176), from the slip's
   * cached card (SlipQueryService.visitorCard: no SQL on a hit), or notOnSale.
   */
  private async slipByCode(slipId: number): Promise<string> {
    const bytes = await this.slips.visitorCard(slipId).catch((err: unknown) => {
      if (err instanceof DomainError && err.status < 500) return null;
      throw err;
    });
    const line =
      bytes &&
      parsedOnce(bytes, (slip: SlipResponse) => (slip.slip_result === null ? toLine(slip) : null));
    return line ? M.confirm(line) : M.notOnSale();
  }

  /** The phone's recent paid purchases, or (index given) their picks SMS sent again. */
  private async myTips(msisdn: string, index: number | null): Promise<string> {
    const recent = await this.picks.recent(msisdn);
    if (!recent.length) return M.noTips();
    const chosen = index === null ? undefined : recent[index];
    if (!chosen) return M.myTips(recent);
    return (await this.picks.resend(msisdn, chosen)) ? M.resent(chosen.slipId) : M.notOnSale();
  }

  /** Texts the phone its one-time code (as POST /api/rg/code); one sent within the last minute still holds. */
  private async sendRgCode(msisdn: string): Promise<string> {
    try {
      await this.rg.sendCode(msisdn);
    } catch (err) {
      if (!(err instanceof RgError && err.code === RgErrorCode.CODE_TOO_SOON)) throw err;
    }
    return M.askSmsCode();
  }

  private async rgChange(
    change: () => Promise<RgView>,
    done: (v: RgView) => string,
  ): Promise<string> {
    try {
      return done(await change());
    } catch (err) {
      if (err instanceof RgError) return M.rgFailed(err.message);
      throw err;
    }
  }
}

/** What was made of each cached JSON body; the list cache hands out one Buffer per entry until it reloads. */
const parsed = new WeakMap<Buffer, unknown>();

/** `make(JSON.parse(bytes))`, computed once per Buffer `bytes` (a cache entry) and reused while it lives. */
const parsedOnce = <J, T>(bytes: Buffer, make: (json: J) => T): T => {
  if (parsed.has(bytes)) return parsed.get(bytes) as T;
  const value = make(JSON.parse(bytes.toString('utf8')) as J);
  parsed.set(bytes, value);
  return value;
};

const toLine = (s: SlipResponse): TopSlip => ({
  slipId: s.id,
  tipster: s.user.username,
  legs: s.tips.length,
  odds: s.accumulator,
  priceKsh: s.price,
  rating: s.meta.rating,
  moneyBack: s.money_back,
});
