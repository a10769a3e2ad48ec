/// <reference types="vite/client" />

/** Build-time variables read by src/lib/site.ts (all optional; defaults live there). */
interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_TWITTER_URL?: string;
  readonly VITE_TELEGRAM_URL?: string;
  readonly VITE_USSD_PROMO_CODE?: string;
  readonly VITE_USSD_CODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
