import type { RetentionPeriods } from './retention-cutoffs';

/** One kind of personal data and why it is held. */
export interface PrivacyPurpose {
  data: string;
  purpose: string;
}

/** How long one kind of personal data is kept; `period` is the label the page shows. */
export interface PrivacyRetention {
  data: string;
  /** '90 days', '24 months', or a sentence when no fixed period applies. */
  period: string;
  days: number | null;
  months: number | null;
}

/** How a person exercises one right. */
export interface PrivacyRight {
  right: 'export' | 'deletion' | 'correction' | 'stop';
  title: string;
  how: string;
}

/** The privacy notice (docs/PRODUCT-RULES.md R275), as GET /api/site/privacy answers it. */
export interface PrivacyNotice {
  controller: { name: string; contact_email: string };
  purposes: PrivacyPurpose[];
  retention: PrivacyRetention[];
  rights: PrivacyRight[];
  /** Where a complaint may go (Kenya's Office of the Data Protection Commissioner). */
  complaints: string;
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The privacy notice from the configuration (docs/PRODUCT-RULES.md R275): the controller and
 * contact, the purposes, the retention periods in force (the same ones the retention run applies,
 * R270-R273, R280) and how to exercise each right. Pure.
 */
export const privacyNotice = (
  controller: { name: string; contactEmail: string },
  periods: RetentionPeriods,
): PrivacyNotice => {
  const contact = controller.contactEmail;
  return {
    controller: { name: controller.name, contact_email: contact },
    purposes: [
      {
        data: 'Account: username, e-mail, phone number, name, city, avatar',
        purpose: 'Run your account, log you in, show your profile and pay you as a tipster.',
      },
      {
        data: 'Purchases: the phone or e-mail you pay with, amount, M-Pesa receipt',
        purpose:
          'Take the payment, send you the picks, let you find a tip again and apply your spend limits and self-exclusion.',
      },
      {
        data: 'SMS and e-mails we send you',
        purpose:
          'Deliver the picks you bought, codes and receipts. Marketing only with your opt-in.',
      },
      {
        data: 'Marketing consent: your phone or e-mail, when you opted in and the words you agreed to',
        purpose: 'Prove your consent and respect your STOP.',
      },
      {
        data: 'Access logs: IP address and the page requested',
        purpose: 'Keep the service secure and find faults.',
      },
      {
        data: 'Tipster earnings and withdrawals',
        purpose: 'Pay tipsters and keep the accounts the law asks for.',
      },
    ],
    retention: [
      {
        data: 'Text of the SMS we sent you (picks, codes, vouchers, receipts)',
        period: plural(periods.smsBodyDays, 'day'),
        days: periods.smsBodyDays,
        months: null,
      },
      {
        data: 'Subject and text of the e-mails we sent you (picks, codes, links)',
        period: plural(periods.emailBodyDays, 'day'),
        days: periods.emailBodyDays,
        months: null,
      },
      {
        data: 'Your phone and e-mail on a purchase',
        period: plural(periods.purchasePhoneMonths, 'month'),
        days: null,
        months: periods.purchasePhoneMonths,
      },
      {
        data: 'A registration never completed (e-mail not verified, never used)',
        period: plural(periods.abandonedRegistrationDays, 'day'),
        days: periods.abandonedRegistrationDays,
        months: null,
      },
      {
        data: 'Access logs',
        period: plural(periods.accessLogDays, 'day'),
        days: periods.accessLogDays,
        months: null,
      },
      {
        data: 'Account, published tips, records and the money ledger',
        period:
          'While your account is open; published tips, records and the ledger stay under a pseudonym after you close it.',
        days: null,
        months: null,
      },
      {
        data: 'Your marketing opt-out',
        period: 'As long as we hold your phone or e-mail, so that we never message you again.',
        days: null,
        months: null,
      },
    ],
    rights: [
      {
        right: 'export',
        title: 'See and download your data',
        how: `Logged in: download everything we hold about you from Account settings. Without an account: write to ${contact} from the phone or e-mail you paid with; we confirm it is you with an SMS code.`,
      },
      {
        right: 'deletion',
        title: 'Delete your data',
        how: `Logged in: close your account from Account settings (withdraw your balance first). Without an account: write to ${contact}. Published tips, records and the ledger stay under a pseudonym.`,
      },
      {
        right: 'correction',
        title: 'Correct your data',
        how: `Change your name, city and avatar in Account settings; for your phone, e-mail or anything else write to ${contact}.`,
      },
      {
        right: 'stop',
        title: 'Stop marketing',
        how: 'Reply STOP to any marketing SMS, or open the unsubscribe link in a marketing e-mail. The picks you buy still arrive.',
      },
    ],
    complaints:
      "If we do not answer within 30 days you may complain to Kenya's Office of the Data Protection Commissioner (odpc.go.ke).",
  };
};
