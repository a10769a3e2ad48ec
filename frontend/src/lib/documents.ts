import { COOKIE_CONSENT_DAYS, MAX_ACCURACY_PERCENT } from './constants';
import type { DocumentName } from './document-links';
import { RESPONSIBLE_GAMBLING_LINE, SITE } from './site';

export type { DocumentName };

/** Texts of the footer's document dialogs (docs/PRODUCT-RULES.md R94): privacy, terms, about. */

export interface SiteDocument {
  title: string;
  paragraphs: readonly string[];
}

export const DOCUMENTS: Record<DocumentName, SiteDocument> = {
  privacy: {
    title: 'Privacy Policy',
    paragraphs: [
      `${SITE.brand} collects the details you give us: your username, e-mail address and phone number when you register, and the phone number or e-mail address you pay with when you buy a tip.`,
      'We use your phone number to send the tips you buy by SMS and to process M-Pesa payments; your e-mail address to send card and wallet purchases, password reset links and account messages.',
      'Payments are handled by our payment providers (M-Pesa and our card/wallet provider). We never see or store your M-Pesa PIN or card details.',
      `We use cookies to keep you logged in and to remember your cookie choice for ${COOKIE_CONSENT_DAYS} days. We do not sell your personal data.`,
      `To see, correct or delete your data, write to ${SITE.supportEmail}.`,
    ],
  },
  terms: {
    title: 'Terms and Conditions',
    paragraphs: [
      `${RESPONSIBLE_GAMBLING_LINE} You must be 18 years or older to use ${SITE.brand}.`,
      'Tips are the opinions of independent tipsters. Football results are uncertain: no tip can promise a win, and past ratings do not promise future results.',
      'A slip is sold until its first game kicks off. The price is paid for the picks, not for a result; a purchase is not refunded when a slip loses. If every game of a slip is cancelled, we let you know by SMS.',
      'Bought tips are sent by SMS (Kenya) or e-mail (Nigeria and Uganda) and can be found again on the Find Tip page with your payment details.',
      'Tipsters may publish at most 2 slips a day; a published slip cannot be changed or deleted. Tipsters receive 60% of each sale; the platform keeps 40%.',
    ],
  },
  about: {
    title: 'About Us',
    paragraphs: [
      `${SITE.brand} is a football tips marketplace for Kenya, Nigeria and Uganda. Tipsters publish accumulator slips of 3 to 5 games; you buy a single slip with M-Pesa or by card, or subscribe for premium tips.`,
      'Every slip is settled from the real match results, so each tipster’s wins, losses, profit and rating are public and honest.',
      `Our best tipsters reach an accuracy of up to ${MAX_ACCURACY_PERCENT}%. Follow the leaderboard, check a tipster's finished tips, and buy with confidence.`,
      `Questions? Write to ${SITE.supportEmail} or call ${SITE.supportPhone}.`,
    ],
  },
};
