import { parseCreateAdminArgs } from './create-admin';

describe('parseCreateAdminArgs', () => {
  it('reads the three flags, with or without =', () => {
    expect(
      parseCreateAdminArgs(['--email', 'a@b.co', '--username', 'admin', '--password=s3cret-pass']),
    ).toEqual({
      email: 'a@b.co',
      username: 'admin',
      password: 's3cret-pass',
    });
    expect(parseCreateAdminArgs(['--email=a@b.co'])).toEqual({
      email: 'a@b.co',
      username: undefined,
      password: undefined,
    });
  });

  it.each([
    [[], '--email is required'],
    [['--email'], '--email needs a value'],
    [['--email', '--password', 'x'], '--email needs a value'],
    [['--mail', 'a@b.co'], "unknown argument '--mail'"],
    [['a@b.co'], "unknown argument 'a@b.co'"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCreateAdminArgs(argv)).toThrow(message);
  });
});
