import sharp from 'sharp';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { multipart, req } from './account-helpers';

const png = (width: number, height: number, r = 200): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 30, b: 60 } } })
    .png()
    .toBuffer();

const BUCKET = 'avatars-int';

/**
 * AVATAR_STORAGE=s3 (docs/PRODUCT-RULES.md "Accounts"): avatars go to an S3-compatible bucket through @aws-sdk/client-s3;
 * here the bucket is this app's own S3 sandbox (/sandbox/s3, S3_ENDPOINT empty), reached over HTTP.
 */
describe('avatars in an S3-compatible bucket', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ listen: true, env: { AVATAR_STORAGE: 's3', S3_BUCKET: BUCKET } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.request('DELETE', '/sandbox/api/faults');
  });

  const upload = (token: string, content: Buffer) => {
    const { body, headers } = multipart('profile_image', 'me.png', content, 'image/png');
    return req(t, 'POST', '/api/account/user/avatar', { token, body, headers });
  };
  const objects = (): Promise<
    { key: string; content_type: string; cache_control: string; size: number }[]
  > =>
    t.ds.query(
      'SELECT key, content_type, cache_control, length(body) AS size FROM sandbox_s3_object WHERE bucket = $1 ORDER BY created_at',
      [BUCKET],
    );

  it('stores the 256×256 WebP as an object and serves it at the stable /media URL', async () => {
    const { user, token } = await createUser(t.ds);
    const res = await upload(token, await png(640, 480));
    expect(res.status).toBe(200);
    const url: string = res.body.profile_image_url;
    const file = url.split('/').pop()!;
    expect(url).toBe(`${t.baseUrl}/media/avatars/${file}`);

    const stored = (await objects()).find((o) => o.key === `avatars/${file}`);
    expect(stored).toMatchObject({
      content_type: 'image/webp',
      cache_control: expect.stringContaining('immutable'),
    });

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(Number(stored!.size));
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const pub = await req(t, 'GET', `/api/account/profile/${user.username}`);
    expect(pub.body.profile.profile_image_url).toBe(url);
  });

  it('deletes the old object when a new avatar replaces it', async () => {
    const { token } = await createUser(t.ds);
    const first = (await upload(token, await png(300, 300, 10))).body.profile_image_url as string;
    const second = (await upload(token, await png(300, 300, 250))).body.profile_image_url as string;
    expect(second).not.toBe(first);
    const keys = (await objects()).map((o) => o.key);
    expect(keys).toContain(`avatars/${second.split('/').pop()}`);
    expect(keys).not.toContain(`avatars/${first.split('/').pop()}`);
    expect((await fetch(first)).status).toBe(404);
  });

  it('answers 503 and keeps the current avatar when the bucket keeps failing', async () => {
    const { token } = await createUser(t.ds);
    const kept = (await upload(token, await png(200, 200))).body.profile_image_url as string;
    const before = (await objects()).length;
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 's3.objects', count: 10, status: 503 },
    });
    const res = await upload(token, await png(220, 220));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Image storage is unavailable. Try again later.' });
    await t.request('DELETE', '/sandbox/api/faults');
    expect((await objects()).length).toBe(before);
    const me = await req(t, 'GET', '/api/account/profile', { token });
    expect(me.body.profile.profile_image_url).toBe(kept);
  });

  it('rides out one failed S3 call (the SDK retries 5xx)', async () => {
    const { token } = await createUser(t.ds);
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 's3.objects', count: 1, status: 503 },
    });
    const res = await upload(token, await png(200, 200));
    expect(res.status).toBe(200);
    expect((await fetch(res.body.profile_image_url)).status).toBe(200);
  });

  it('a missing object is 404, not a 500', async () => {
    const res = await fetch(`${t.baseUrl}/media/avatars/00000000-0000-4000-8000-000000000000.webp`);
    expect(res.status).toBe(404);
  });

  it('the sandbox refuses unsigned requests and unknown access keys like S3 does', async () => {
    const unsigned = await fetch(`${t.baseUrl}/sandbox/s3/${BUCKET}/avatars/x.webp`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    const wrongKey = await fetch(`${t.baseUrl}/sandbox/s3/${BUCKET}/avatars/x.webp`, {
      headers: {
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIAWRONG/20261123/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=00',
      },
    });
    expect(wrongKey.status).toBe(403);
    expect(await wrongKey.text()).toContain('<Code>InvalidAccessKeyId</Code>');
  });
});
