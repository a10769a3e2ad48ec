import { isEmail } from 'class-validator';

/** A UTF-16 surrogate not paired (with the u flag a well-formed pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * True when `text` is an e-mail address class-validator accepts. Text that is not well-formed
 * UTF-16 (a lone surrogate such as '\ud800') is refused first: validator's isEmail runs
 * encodeURI on it, which throws URIError, and a throw here would answer 500 instead of the
 * field's 400.
 */
export const isEmailAddress = (text: string): boolean =>
  !LONE_SURROGATE.test(text) && isEmail(text);
