import { avatarUrl, toOwnProfile, toPublicProfile } from './account.mapper';
import type { User } from './entities/user.entity';

const user = {
  id: 3,
  username: 'Kevo',
  email: 'kevo@example.com',
  phoneNumber: '0712345678',
  msisdn: '254712345678',
  passwordHash: '$argon2id$secret',
  role: 'tipster',
  name: 'Kevin',
  city: 'Nairobi',
  country: 'KE',
  avatarFile: 'f.webp',
  emailVerifiedAt: new Date(),
  bannedAt: null,
} as unknown as User;
const parts = {
  stats: {
    tips: 9,
    won: 5,
    lost: 2,
    rating: 71.43,
    monthlyRating: 60,
    weekRating: 50,
    settled: 7,
    profit: 1.5,
    roi: 21.43,
    averageOdds: 2.9,
    profitSeries: [{ date: '2026-11-22T09:00:00.000Z', profit: 1.5 }],
  },
  slips: { active: [{ id: 1 }], finished: [] },
  subscribed: true,
  imageUrl: 'http://x/media/avatars/f.webp',
};

describe('toOwnProfile', () => {
  it('builds the profile shape of docs/PRODUCT-RULES.md R117 with stats in fixed positions', () => {
    expect(toOwnProfile(user, parts)).toEqual({
      user: { username: 'Kevo', first_name: 'Kevin', email: 'kevo@example.com' },
      profile: {
        profile_image_url: 'http://x/media/avatars/f.webp',
        monthly_rating: 60,
        subscribed: true,
        email_verified: true,
        country: 'KE',
        city: 'Nairobi',
        phone_number: '0712345678',
      },
      stats: [9, 5, 2, 71.43],
      stats2: { week_rating: 50 },
      dash: { rating: 71.43 },
      active_tips: [{ id: 1 }],
      finished_tips: [],
      figures: {
        settled: 7,
        profit: 1.5,
        roi: 21.43,
        average_odds: 2.9,
        profit_series: [{ date: '2026-11-22T09:00:00.000Z', profit: 1.5 }],
      },
    });
  });

  it('never carries the hash, msisdn or ban fields', () => {
    const text = JSON.stringify(toOwnProfile(user, parts));
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('254712345678');
  });
});

describe('toPublicProfile', () => {
  it('drops e-mail and phone number', () => {
    const pub = toPublicProfile(user, parts);
    expect(pub.user).toEqual({ username: 'Kevo', first_name: 'Kevin' });
    expect(pub.profile).not.toHaveProperty('phone_number');
    expect(JSON.stringify(pub)).not.toContain('kevo@example.com');
    expect(JSON.stringify(pub)).not.toContain('0712345678');
  });
});

describe('avatarUrl', () => {
  it('is absolute under the public origin, or null', () => {
    expect(avatarUrl('https://tips.ke', '/media/avatars', 'a.webp')).toBe(
      'https://tips.ke/media/avatars/a.webp',
    );
    expect(avatarUrl('https://tips.ke', '/media/avatars', null)).toBeNull();
  });
});
