import type { Country } from './account.constants';
import type { TipsterSlipLists, TipsterStats } from './profile-providers';
import type { User } from './entities/user.entity';

/** GET /api/account/profile answer (docs/PRODUCT-RULES.md R117, R141, "Accounts"). */
export interface OwnProfileResponse {
  user: { username: string; first_name: string; email: string };
  profile: {
    profile_image_url: string | null;
    monthly_rating: number;
    subscribed: boolean;
    email_verified: boolean;
    country: Country;
    city: string;
    phone_number: string | null;
  };
  /** [tips, won, lost, rating] in these fixed positions. */
  stats: [number, number, number, number];
  stats2: { week_rating: number };
  dash: { rating: number };
  active_tips: unknown[];
  finished_tips: unknown[];
  /** An addition to the spec's fields: the figures the stat card and the profit chart show, as the server computed them. */
  figures: ProfileFigures;
}

/**
 * A tipster's all-time figures on a profile (docs/PRODUCT-RULES.md "Tipster statistics"): settled
 * (won + lost) slips, profit in units, ROI and average odds, and the profit curve of the latest
 * settled slips (oldest first, each point the cumulative profit after that slip; the last equals
 * `profit`).
 */
export interface ProfileFigures {
  settled: number;
  profit: number;
  roi: number;
  average_odds: number;
  profit_series: { date: string; profit: number }[];
}

/** GET /api/account/profile/{username}: the same without e-mail and phone number. */
export interface PublicProfileResponse {
  user: { username: string; first_name: string };
  profile: Omit<OwnProfileResponse['profile'], 'phone_number'>;
  stats: OwnProfileResponse['stats'];
  stats2: OwnProfileResponse['stats2'];
  dash: OwnProfileResponse['dash'];
  active_tips: unknown[];
  finished_tips: unknown[];
  figures: ProfileFigures;
}

/** Absolute URL of an avatar file, or null without one. */
export const avatarUrl = (
  publicUrl: string,
  avatarPath: string,
  file: string | null,
): string | null => (file ? `${publicUrl}${avatarPath}/${file}` : null);

/** What a profile shows besides the user row. */
export interface ProfileParts {
  stats: TipsterStats;
  slips: TipsterSlipLists;
  subscribed: boolean;
  imageUrl: string | null;
}

/**
 * Builds the owner's profile. Never includes the password hash, tokens or anything not listed
 * in the response type (entities are never serialised directly: docs/CONTRIBUTING.md §4, mapper).
 */
export const toOwnProfile = (user: User, parts: ProfileParts): OwnProfileResponse => ({
  user: { username: user.username, first_name: user.name, email: user.email },
  profile: {
    profile_image_url: parts.imageUrl,
    monthly_rating: parts.stats.monthlyRating,
    subscribed: parts.subscribed,
    email_verified: user.emailVerifiedAt !== null,
    country: user.country,
    city: user.city,
    phone_number: user.phoneNumber,
  },
  stats: [parts.stats.tips, parts.stats.won, parts.stats.lost, parts.stats.rating],
  stats2: { week_rating: parts.stats.weekRating },
  dash: { rating: parts.stats.rating },
  active_tips: parts.slips.active,
  finished_tips: parts.slips.finished,
  figures: {
    settled: parts.stats.settled,
    profit: parts.stats.profit,
    roi: parts.stats.roi,
    average_odds: parts.stats.averageOdds,
    profit_series: parts.stats.profitSeries,
  },
});

/** Builds the public profile: the owner's shape minus e-mail and phone number. */
export const toPublicProfile = (user: User, parts: ProfileParts): PublicProfileResponse => {
  const own = toOwnProfile(user, parts);
  const { phone_number: _phone, ...profile } = own.profile;
  return {
    ...own,
    user: { username: own.user.username, first_name: own.user.first_name },
    profile,
  };
};
