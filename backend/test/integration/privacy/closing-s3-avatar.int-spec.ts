import sharp from 'sharp';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { multipart, req } from '../account/account-helpers';

const BUCKET = 'avatars-closing';

/**
 * Closing an account removes its avatar from an S3-compatible bucket too (docs/PRODUCT-RULES.md
 * R263; AVATAR_STORAGE=s3, the app's own S3 sandbox).
 */
describe('closing an account with its avatar in S3', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ listen: true, env: { AVATAR_STORAGE: 's3', S3_BUCKET: BUCKET } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const keys = async (): Promise<string[]> =>
    (await t.ds.query('SELECT key FROM sandbox_s3_object WHERE bucket = $1', [BUCKET])).map(
      (r: { key: string }) => r.key,
    );

  it('deletes the object, and a second user keeps theirs', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const [leaving, staying] = [await createUser(t.ds), await createUser(t.ds)];
    const files: string[] = [];
    for (const u of [leaving, staying]) {
      const { body, headers } = multipart('profile_image', 'me.png', png, 'image/png');
      const res = await req(t, 'POST', '/api/account/user/avatar', {
        token: u.token,
        body,
        headers,
      });
      expect(res.status).toBe(200);
      files.push(`avatars/${String(res.body.profile_image_url).split('/').pop()}`);
    }
    expect(await keys()).toEqual(expect.arrayContaining(files));

    const closed = await req(t, 'DELETE', '/api/account', {
      token: leaving.token,
      body: { password: leaving.password, confirmation: 'DELETE' },
    });
    expect(closed).toMatchObject({ status: 200, body: { unclaimed_balance: '0.00' } });
    const left = await keys();
    expect(left).not.toContain(files[0]);
    expect(left).toContain(files[1]);
  });
});
