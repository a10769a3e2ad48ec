import { readFileSync } from 'fs';
import { join } from 'path';
import { SMS_OPT_IN_TEXT } from './consent.constants';

/** docs/PRODUCT-RULES.md R276: the forms show, and send, the one wording the server accepts and records. */
describe('SMS_OPT_IN_TEXT', () => {
  it('is the wording the frontend shows next to its opt-in box', () => {
    const frontend = readFileSync(
      join(__dirname, '../../../../../frontend/src/lib/consent.ts'),
      'utf8',
    );
    expect(frontend).toContain(`export const SMS_OPT_IN_TEXT = '${SMS_OPT_IN_TEXT}';`);
  });
});
