import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { ProfileProviders } from '../../../src/modules/account/profile-providers';
import { expectNoSecrets, req } from './account-helpers';

describe('profiles and account details', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  describe('GET /api/account/profile', () => {
    it('answers the profile shape of docs/PRODUCT-RULES.md R117 with zeros and empty lists before the slip module lands', async () => {
      const { user, token } = await createUser(t.ds, {
        username: 'OwnProfile',
        email: 'own@example.com',
        phoneNumber: '0711222333',
        name: 'Kevin',
        city: 'Nairobi',
      });
      const res = await req(t, 'GET', '/api/account/profile', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user: { username: 'OwnProfile', first_name: 'Kevin', email: 'own@example.com' },
        profile: {
          profile_image_url: null,
          monthly_rating: 0,
          subscribed: false,
          email_verified: false,
          country: 'KE',
          city: 'Nairobi',
          phone_number: '0711222333',
        },
        stats: [0, 0, 0, 0],
        stats2: { week_rating: 0 },
        dash: { rating: 0 },
        active_tips: [],
        finished_tips: [],
        figures: { settled: 0, profit: 0, roi: 0, average_odds: 0, profit_series: [] },
      });
      expect(user.id).toBeGreaterThan(0);
      expectNoSecrets(res.body);
    });

    it('refuses a banned user with 403', async () => {
      const { token } = await createUser(t.ds, { banned: true });
      const res = await req(t, 'GET', '/api/account/profile', { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'This account has been suspended' });
    });
  });

  describe('GET /api/account/profile/{username}', () => {
    it('answers without e-mail and phone, case-insensitively, to a visitor', async () => {
      await createUser(t.ds, {
        username: 'PublicTipster',
        email: 'secret@example.com',
        phoneNumber: '0799888777',
        city: 'Mombasa',
      });
      const res = await req(t, 'GET', '/api/account/profile/publictipster');
      expect(res.status).toBe(200);
      expect(res.body.user).toEqual({ username: 'PublicTipster', first_name: '' });
      expect(res.body.profile).toEqual({
        profile_image_url: null,
        monthly_rating: 0,
        subscribed: false,
        email_verified: false,
        country: 'KE',
        city: 'Mombasa',
      });
      expect(res.body.stats).toEqual([0, 0, 0, 0]);
      expect(res.body).toHaveProperty('stats2');
      expect(res.body).toHaveProperty('dash');
      expect(res.body.active_tips).toEqual([]);
      expect(res.body.finished_tips).toEqual([]);
      expectNoSecrets(res.body, ['secret@example.com', '0799888777', '254799888777']);
    });

    it("never shows another user's e-mail or phone, even to a logged-in user", async () => {
      await createUser(t.ds, {
        username: 'OtherOne',
        email: 'other.one@example.com',
        phoneNumber: '0700111222',
      });
      const { token } = await createUser(t.ds);
      const res = await req(t, 'GET', '/api/account/profile/OtherOne', { token });
      expect(res.status).toBe(200);
      expectNoSecrets(res.body, ['other.one@example.com', '0700111222']);
    });

    it.each(['nobody_here', 'x', 'a..b', 'a%20b', 'a'.repeat(40), '%3Cscript%3E'])(
      'answers 404 for %j',
      async (name) => {
        const res = await req(t, 'GET', `/api/account/profile/${name}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'User not found' });
      },
    );

    it('shows the figures of a registered stats provider (the slip module plugs in)', async () => {
      const { user } = await createUser(t.ds, { username: 'StatsTipster' });
      const providers = t.get(ProfileProviders);
      const previous = providers.stats;
      providers.useStats({
        profile: async (id, viewer) =>
          id === user.id
            ? {
                stats: {
                  tips: 12,
                  won: 7,
                  lost: 3,
                  rating: 70,
                  monthlyRating: 66.67,
                  weekRating: 50,
                  settled: 10,
                  profit: -2.35,
                  roi: -23.5,
                  averageOdds: 2.41,
                  profitSeries: [{ date: '2026-11-22T09:00:00.000Z', profit: -2.35 }],
                },
                slips: { active: [{ id: 1, owner: viewer.owner }], finished: [{ id: 2 }] },
              }
            : previous.profile(id, viewer),
      });
      try {
        const res = await req(t, 'GET', '/api/account/profile/StatsTipster');
        expect(res.body.stats).toEqual([12, 7, 3, 70]);
        expect(res.body.profile.monthly_rating).toBe(66.67);
        expect(res.body.stats2).toEqual({ week_rating: 50 });
        expect(res.body.dash).toEqual({ rating: 70 });
        expect(res.body.active_tips).toEqual([{ id: 1, owner: false }]);
        expect(res.body.finished_tips).toEqual([{ id: 2 }]);
        expect(res.body.figures).toEqual({
          settled: 10,
          profit: -2.35,
          roi: -23.5,
          average_odds: 2.41,
          profit_series: [{ date: '2026-11-22T09:00:00.000Z', profit: -2.35 }],
        });
      } finally {
        providers.useStats(previous);
      }
    });
  });

  describe('POST /api/account/user/details', () => {
    it('saves name and city, shown on the profile', async () => {
      const { token } = await createUser(t.ds);
      const res = await req(t, 'POST', '/api/account/user/details', {
        token,
        body: { name: ' Wanjiru ', city: 'Kisumu' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Saved', first_name: 'Wanjiru', city: 'Kisumu' });
      const me = await req(t, 'GET', '/api/account/profile', { token });
      expect(me.body.user.first_name).toBe('Wanjiru');
      expect(me.body.profile.city).toBe('Kisumu');
    });

    it('keeps an omitted field as it was', async () => {
      const { token } = await createUser(t.ds, { name: 'Otieno', city: 'Eldoret' });
      const res = await req(t, 'POST', '/api/account/user/details', {
        token,
        body: { city: 'Nakuru' },
      });
      expect(res.body).toEqual({ message: 'Saved', first_name: 'Otieno', city: 'Nakuru' });
    });

    it('answers 400 with field errors above 60 characters or for non-text', async () => {
      const { token } = await createUser(t.ds);
      const res = await req(t, 'POST', '/api/account/user/details', {
        token,
        body: { name: 'n'.repeat(61), city: 'c'.repeat(61) },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        name: ['Name should be at most 60 characters'],
        city: ['City should be at most 60 characters'],
      });
      const bad = await req(t, 'POST', '/api/account/user/details', {
        token,
        body: { name: { $ne: 1 } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ name: ['Enter text'] });
      const ok = await req(t, 'POST', '/api/account/user/details', {
        token,
        body: { name: 'n'.repeat(60) },
      });
      expect(ok.status).toBe(200);
    });

    it('answers 401 without a token', async () => {
      expect(
        (await req(t, 'POST', '/api/account/user/details', { body: { name: 'x' } })).status,
      ).toBe(401);
    });
  });
});
