import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sanitizePostHtml, toPlainText } from '../modules/blog/domain/sanitize-post';
import { slugify } from '../modules/blog/domain/slug';
import { Post } from '../modules/blog/entities/post.entity';
import type { SeedStep } from './seed-step';

/**
 * A seed post; `daysAgo` places date_created before the seed run; `thumbnail` a site-relative
 * image the app itself serves (frontend/public/images/blog, copied into the built app).
 */
interface SeedPost {
  title: string;
  overview: string;
  content: string;
  daysAgo: number;
  thumbnail: string;
}

const AUTHOR = 'Tips Desk';

/** Betting guides for Kenyan punters (demo content for the blog; docs/PRODUCT-RULES.md "Back office"). */
export const SEED_POSTS: readonly SeedPost[] = [
  {
    title: 'How Accumulators Work: A Guide for Kenyan Punters',
    overview:
      'Why combined odds grow so fast, why one loss sinks the whole slip, and how to build a sensible 3 to 5 game accumulator.',
    daysAgo: 21,
    thumbnail: '/images/blog/accumulators.svg',
    content: `
<p>An <strong>accumulator</strong> (or "multibet") combines several selections into one bet. Every selection must win for the slip to pay, and in return the odds of each game are multiplied together.</p>
<h2>How the odds combine</h2>
<p>Take three games:</p>
<table>
  <thead><tr><th scope="col">Game</th><th scope="col">Pick</th><th scope="col">Odds</th></tr></thead>
  <tbody>
    <tr><td>Gor Mahia v AFC Leopards</td><td>Home win</td><td>1.80</td></tr>
    <tr><td>Arsenal v Everton</td><td>Over 1.5 goals</td><td>1.65</td></tr>
    <tr><td>Napoli v Roma</td><td>Both teams to score</td><td>2.10</td></tr>
  </tbody>
</table>
<p>1.80 × 1.65 × 2.10 = 6.237, shown on our slips as <strong>6.23</strong> (combined odds are truncated to two decimals). A stake of Ksh 100 would return about Ksh 623.</p>
<h2>The catch: probabilities multiply too</h2>
<p>Odds of 1.80 imply roughly a 56% chance, 1.65 about 61% and 2.10 about 48%. Multiply those and the slip's chance is only about <strong>16%</strong>. Each extra game makes the payout bigger and the slip less likely to land.</p>
<h2>Building a sensible accumulator</h2>
<ul>
  <li>Keep it short. Our tipsters publish slips of <strong>3 to 5 games</strong> for a reason.</li>
  <li>Prefer games you have actually looked at: form, injuries, and what each side needs from the match.</li>
  <li>Avoid padding a slip with very short odds (1.10, 1.15). They add little to the payout but still carry real risk of an upset.</li>
  <li>Watch kick-off times. A slip is settled when its last game ends, so late games keep the whole slip open.</li>
</ul>
<h2>Void games</h2>
<p>If a game is postponed or abandoned, that tip is usually void and counts as odds of 1.00: the rest of the slip still stands at lower combined odds.</p>
<p>Accumulators are entertainment with a small chance of a big return. Stake only what you can afford to lose.</p>`,
  },
  {
    title: 'Reading Betting Odds: Decimal Odds, Implied Probability and Value',
    overview:
      'What 2.50 really means, how to turn odds into a probability, and how to spot the bookmaker’s margin.',
    daysAgo: 14,
    thumbnail: '/images/blog/reading-odds.svg',
    content: `
<p>Kenyan bookmakers quote <strong>decimal odds</strong>. They tell you the total return for every shilling staked, stake included.</p>
<h2>Returns</h2>
<p>At odds of 2.50, a Ksh 200 stake returns Ksh 500: Ksh 300 profit plus your Ksh 200 back.</p>
<h2>Implied probability</h2>
<p>Divide 1 by the odds: 1 ÷ 2.50 = 0.40, a <strong>40%</strong> chance as priced by the bookmaker.</p>
<table>
  <thead><tr><th scope="col">Odds</th><th scope="col">Implied chance</th></tr></thead>
  <tbody>
    <tr><td>1.50</td><td>67%</td></tr>
    <tr><td>2.00</td><td>50%</td></tr>
    <tr><td>3.00</td><td>33%</td></tr>
    <tr><td>5.00</td><td>20%</td></tr>
  </tbody>
</table>
<h2>The bookmaker’s margin</h2>
<p>Add up the implied chances of every outcome of a 1X2 market. For home 2.10, draw 3.30 and away 3.60 you get 47.6% + 30.3% + 27.8% = <strong>105.7%</strong>. The 5.7 points above an even book are the margin: it is why the bookmaker wins in the long run.</p>
<h2>Value</h2>
<p>A bet has <em>value</em> only when you believe the real chance is higher than the implied one. If you rate a team’s chance at 50% and the odds are 2.30 (43%), that is value; at 1.80 (56%) it is not, however likely the win feels.</p>
<h2>Common markets</h2>
<ol>
  <li><strong>1X2</strong>: home win, draw or away win.</li>
  <li><strong>Double chance</strong> (1X, 12, X2): two of the three outcomes, at shorter odds.</li>
  <li><strong>Over/Under</strong> 1.5 or 2.5 goals in the match.</li>
  <li><strong>GG/NG</strong>: both teams score, or not.</li>
  <li><strong>HT/FT</strong> and <strong>correct score</strong>: harder to hit, higher odds.</li>
</ol>`,
  },
  {
    title: 'Responsible Gambling in Kenya: Set Limits Before You Stake',
    overview:
      'Betting should stay fun. Simple limits, warning signs to look out for, and where to get help.',
    daysAgo: 10,
    thumbnail: '/images/blog/responsible-gambling.svg',
    content: `
<p><strong>18+ only. Gambling is addictive, play responsibly.</strong> Kenya’s Betting Control and Licensing Board (BCLB) requires every licensed operator to remind punters of this, and we take it seriously.</p>
<h2>Set your limits first</h2>
<ul>
  <li><strong>Budget</strong>: decide a weekly amount you can afford to lose, from money left after rent, food, school fees and bills. Never bet with loans, Fuliza or money meant for others.</li>
  <li><strong>Stake size</strong>: keep each bet to a small share of that budget so one bad day does not empty it.</li>
  <li><strong>Time</strong>: bet at set times, not all day on your phone.</li>
</ul>
<h2>Warning signs</h2>
<ul>
  <li>Chasing losses with bigger stakes to “win it back”.</li>
  <li>Borrowing, or hiding your betting from family.</li>
  <li>Feeling restless or irritable when you are not betting.</li>
  <li>Betting to escape stress or money problems.</li>
</ul>
<h2>Tips are opinions, not promises</h2>
<p>Even the best tipsters lose slips. A tipster’s rating shows past results, not a promise about the next game. Treat paid tips as one input to your own judgement.</p>
<h2>Getting help</h2>
<p>If betting stops being fun, take a break: uninstall betting apps, ask your bookmaker to exclude you, and talk to someone you trust. Counselling services and support groups in Kenya can help, and the BCLB lists licensed operators and complaint channels on <a href="https://bclb.go.ke" target="_blank">its website</a>.</p>`,
  },
  {
    title: 'Jackpot Predictions Explained: Mega and Mid Week Jackpots',
    overview:
      'How the SportPesa and Betika Mega and Mid Week jackpots work, why they are so hard to win, and how to use our predictions.',
    daysAgo: 5,
    thumbnail: '/images/blog/jackpot-predictions.svg',
    content: `
<p>Jackpots are the biggest prizes in Kenyan betting. Each week SportPesa and Betika run a <strong>Mega</strong> jackpot and a <strong>Mid Week</strong> jackpot: a set list of matches, typically 13 to 17 games, where you predict home win, draw or away win for every one.</p>
<h2>Why they are so hard</h2>
<p>With three outcomes per game, a 17-game jackpot has 3<sup>17</sup> = <strong>129,140,163</strong> possible combinations. Even picking the favourite in every game rarely gets them all right: a single surprise draw ends the dream. That is why bonuses are paid for getting most, not all, games right.</p>
<h2>How to use our predictions</h2>
<ul>
  <li>Each jackpot card shows our analyst’s pick for every game. The first 8 are on the card; open it to see the rest.</li>
  <li>Look at the reasoning: form, home advantage and team news matter more in jackpots than odds alone.</li>
  <li>Consider double chance on the hardest games if your bookmaker offers combination entries, and count the extra cost before you do.</li>
</ul>
<h2>Keep it in proportion</h2>
<p>A jackpot entry is a lottery-sized long shot. Spend on it only what you would spend on a treat, and never chase a jackpot with money you need.</p>
<p>Find this week’s picks on the <a href="/jackpot">jackpot page</a>.</p>`,
  },
];

/**
 * Inserts SEED_POSTS (published, author 'Tips Desk', content sanitised like an admin write)
 * when the post table is empty; changes nothing otherwise, so posts an admin deleted or edited
 * stay as the admin left them on the next start. Returns how many posts it inserted.
 */
export const seedBlogPosts = async (ds: DataSource, now: Date = new Date()): Promise<number> =>
  ds.transaction(async (m) => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('post-slug'))`);
    const repo = m.getRepository(Post);
    if (await repo.exists()) return 0;
    await repo.insert(
      SEED_POSTS.map((p) => ({
        title: toPlainText(p.title),
        slug: slugify(p.title),
        overview: toPlainText(p.overview),
        content: sanitizePostHtml(p.content),
        thumbnail: p.thumbnail,
        author: AUTHOR,
        published: true,
        dateCreated: new Date(now.getTime() - p.daysAgo * 86_400_000),
      })),
    );
    return SEED_POSTS.length;
  });

/** Seed step 'blog' (seed-steps.ts). */
export const blogSeedStep: SeedStep = {
  name: 'blog',
  async run(app: INestApplicationContext): Promise<string> {
    const inserted = await seedBlogPosts(app.get(DataSource));
    return inserted ? `${inserted} posts inserted` : 'posts exist, nothing to do';
  },
};
