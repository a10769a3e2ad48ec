import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { nairobiDayStart } from '../../common/time/nairobi';
import { AppConfig } from '../../config/app-config';
import { AVATAR_URL_PATH } from '../account/account.constants';
import { avatarUrl } from '../account/account.mapper';
import { FixturesService } from '../fixtures/fixtures.service';
import { ReplayClock } from '../fixtures/replay-clock.service';
import type { PremiumSlipsProvider } from './premium-slips.provider';
import { SlipResponse, toSlipResponse } from './slip.mapper';
import { SlipRepository } from './slip.repository';

/** Most premium slips one lookup returns. */
export const MAX_PREMIUM_SLIPS = 50;
const DAY_MS = 86_400_000;

/**
 * Premium slips (docs/PRODUCT-RULES.md "Subscriptions, premium"): an admin marks slips premium in
 * the back office (`premium-slips`, `setPremium`), and an active subscriber's phone gets today's
 * premium slips WITH picks (market_type, odd) through GET /api/manage/get-subscription-slips/{phone}
 * (this service is the subscription module's PREMIUM_SLIPS provider).
 *
 * "Today" is the Nairobi day of the fixtures clock (the replayed calendar's wall time): a premium
 * slip is today's when it was published today or one of its games kicks off today (shown
 * calendar), so a slip published last night for today's games still shows; yesterday's slips
 * with yesterday's games do not.
 */
@Injectable()
export class PremiumSlipsService implements PremiumSlipsProvider {
  constructor(
    private readonly repo: SlipRepository,
    private readonly fixtures: FixturesService,
    private readonly clock: ReplayClock,
    private readonly config: AppConfig,
  ) {}

  /**
   * Marks (`true`) or unmarks slip `id` as premium, inside the caller's transaction. Idempotent.
   * Only the flag changes: a published slip stays locked (docs/PRODUCT-RULES.md R10).
   */
  async setPremium(
    id: number,
    premium: boolean,
    { manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    await this.repo.setPremium(id, premium, manager);
  }

  /** Today's premium slips (see the class doc), newest first, at most 50, each with its picks. */
  async todaysPremiumSlips(): Promise<SlipResponse[]> {
    const frame = await this.clock.frame();
    const from = nairobiDayStart(frame.now);
    const to = new Date(from.getTime() + DAY_MS);
    const ids = await this.repo.premiumIds(
      from,
      to,
      new Date(from.getTime() - frame.offsetMs),
      new Date(to.getTime() - frame.offsetMs),
      MAX_PREMIUM_SLIPS,
    );
    return this.render(ids);
  }

  /** Slips in the public shape with picks shown (a subscriber paid for them). */
  private async render(ids: number[]): Promise<SlipResponse[]> {
    const { slips, tips } = await this.repo.load(ids);
    if (!slips.length) return [];
    const fixtureIds = [...new Set(tips.map((t) => t.fixtureId))];
    const [gameList, sources] = await Promise.all([
      this.fixtures.games(fixtureIds),
      this.fixtures.resultSources(fixtureIds),
    ]);
    const ctx = {
      games: new Map(gameList.map((g) => [g.id, g])),
      rates: this.config.currency,
      avatarUrl: (file: string | null) => avatarUrl(this.config.publicUrl, AVATAR_URL_PATH, file),
      isOwner: () => true,
      sources,
    };
    return slips.map((s) =>
      toSlipResponse(
        s,
        tips.filter((t) => t.slipId === s.id),
        ctx,
      ),
    );
  }
}
