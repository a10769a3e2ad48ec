import { emailVerificationEmail, passwordResetEmail } from './account-emails';

describe('account e-mails', () => {
  it('links the reset page with the token', () => {
    const mail = passwordResetEmail({
      publicUrl: 'https://tips.example',
      username: 'jo',
      token: 'abc_DEF-1',
    });
    expect(mail.text).toContain('https://tips.example/change_password/abc_DEF-1');
    expect(mail.html).toContain('href="https://tips.example/change_password/abc_DEF-1"');
  });

  it('links the verification page with the code and escapes the username in HTML', () => {
    const mail = emailVerificationEmail({
      publicUrl: 'http://localhost:3000',
      username: '<b>x</b>',
      code: 'c0de',
    });
    expect(mail.text).toContain('http://localhost:3000/email-verification/c0de');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});
