/**
 * The marketing opt-in wording the register dialog and the buy page show next to their unticked
 * box (docs/PRODUCT-RULES.md R276). When ticked, exactly this text is sent as
 * `marketing_sms_consent`; the server records it verbatim and refuses any other text.
 */
export const SMS_OPT_IN_TEXT = 'Send me tips offers by SMS (18+). Reply STOP to opt out.';

/** The request field for a box: the wording when ticked, nothing when not. */
export const smsConsentField = (ticked: boolean): { marketing_sms_consent?: string } =>
  ticked ? { marketing_sms_consent: SMS_OPT_IN_TEXT } : {};
