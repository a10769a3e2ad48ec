import { phoneKey } from './phone-key';

describe('phoneKey', () => {
  it.each([
    ['254712345678', '254712345678'],
    ['0712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+256772123456', '256772123456'],
    ['2348031234567', '2348031234567'],
  ])('keys %j as %s', (input, key) => expect(phoneKey(input)).toBe(key));

  it.each([[''], ['12'], ['<script>'], ['07123'], ['0000000000000000'], [undefined]])(
    'rejects %j',
    (input) => {
      expect(phoneKey(input as string)).toBeNull();
    },
  );
});
