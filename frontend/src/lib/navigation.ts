import { PATHS } from './paths';

/** A link of the top bar or footer. `end` marks links active only on their exact path. */
export interface NavItem {
  label: string;
  to: string;
  end?: boolean;
}

/** Top bar navigation (mobile drawer and desktop bar share it). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', to: PATHS.home, end: true },
  { label: 'Tips', to: PATHS.activeTips },
  { label: 'Top Tipsters', to: PATHS.topTipsters },
  { label: 'Jackpots', to: PATHS.jackpot },
  { label: 'Find Tip', to: PATHS.findTip },
];

/**
 * The menu drawer (phones and tablets): the main links plus the pages a phone has no other way
 * to reach from the top bar (finished results, subscriptions, the blog).
 */
export const MENU_NAV: readonly NavItem[] = [
  ...MAIN_NAV,
  { label: 'Finished Tips', to: PATHS.finishedTips },
  { label: 'Subscriptions', to: PATHS.subscriptions },
  { label: 'Blog', to: PATHS.blog },
];

/** Footer column of tip pages (docs/PRODUCT-RULES.md R95). */
export const FOOTER_TIPS_NAV: readonly NavItem[] = [
  { label: 'Active Tips', to: PATHS.activeTips },
  { label: 'Finished Tips', to: PATHS.finishedTips },
  { label: 'Top Tipsters', to: PATHS.topTipsters },
  { label: 'Jackpot Predictions', to: PATHS.jackpot },
  { label: 'Find Tip', to: PATHS.findTip },
  { label: 'My tips', to: PATHS.myTips },
  { label: 'Subscriptions', to: PATHS.subscriptions },
];
