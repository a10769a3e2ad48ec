/** DI token of the Clock the account services read "now" from (docs/CONTRIBUTING.md §9: services take a Clock). */
export const ACCOUNT_CLOCK = Symbol('ACCOUNT_CLOCK');
