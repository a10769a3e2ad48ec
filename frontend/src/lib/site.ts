/**
 * Brand, support contacts and social channels shown in the top bar and footer.
 * Overridable at build time with VITE_* variables; the defaults are the brand's own channels.
 */
const env = import.meta.env;

export const SITE = {
  brand: 'TipsKE',
  supportEmail: env.VITE_SUPPORT_EMAIL ?? 'support@tipske.co.ke',
  supportPhone: env.VITE_SUPPORT_PHONE ?? '+254 700 000 000',
  /**
   * USSD code that enables promotional (premium) SMS on Safaricom lines
   * (docs/PRODUCT-RULES.md R93).
   */
  ussdPromoCode: env.VITE_USSD_PROMO_CODE ?? '*456*9*5#',
  /**
   * Our own USSD service code, where tips are bought without a browser (docs/PRODUCT-RULES.md
   * R179; the backend's USSD_SERVICE_CODE).
   */
  ussdCode: env.VITE_USSD_CODE ?? '*384*123#',
  social: [
    { name: 'Facebook', url: env.VITE_FACEBOOK_URL ?? 'https://www.facebook.com/tipske' },
    { name: 'X (Twitter)', url: env.VITE_TWITTER_URL ?? 'https://x.com/tipske' },
    { name: 'Telegram', url: env.VITE_TELEGRAM_URL ?? 'https://t.me/tipske' },
  ],
} as const;

/** Footer line required on betting promotion in Kenya (docs/PRODUCT-RULES.md, Messages). */
export const RESPONSIBLE_GAMBLING_LINE = '18+ only. Gambling is addictive, play responsibly.';

/** document.title for a page: "<page> | TipsKE". */
export const pageTitle = (title: string): string => `${title} | ${SITE.brand}`;

/** document.title of the home page (also the static title in index.html). */
export const HOME_TITLE = `${SITE.brand} - Football Tips Marketplace`;
