import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  it.each([
    ['kevo@example.com', true],
    ['not-an-email', false],
    ['\ud800@example.com', false],
    ['a\udfff', false],
    ['', false],
  ])('%j → %s', (text, ok) => {
    expect(isEmailAddress(text)).toBe(ok);
  });
});
