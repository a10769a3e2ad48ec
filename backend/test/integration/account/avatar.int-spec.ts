import { randomBytes } from 'crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import sharp from 'sharp';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { multipart, req } from './account-helpers';

const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

/** A PNG of random noise of about `bytes` bytes (noise does not compress). */
const noisyPng = (bytes: number): Promise<Buffer> => {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

describe('POST /api/account/user/avatar', () => {
  let t: TestContext;
  let storage: string;
  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'tips-avatars-'));
    t = await createTestContext({ env: { STORAGE_DIR: storage } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(storage, { recursive: true, force: true });
  });

  const upload = (
    token: string,
    filename: string,
    content: Buffer,
    field = 'profile_image',
    type?: string,
  ) => {
    const { body, headers } = multipart(field, filename, content, type);
    return req(t, 'POST', '/api/account/user/avatar', { token, body, headers });
  };

  it('stores a real PNG as a 256×256 WebP served at a stable URL, shown on the profile', async () => {
    const { user, token } = await createUser(t.ds);
    const res = await upload(token, 'me.png', await png(640, 480), 'profile_image', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Saved',
      profile_image_url: expect.stringMatching(
        /^http:\/\/localhost\/media\/avatars\/[0-9a-f-]{36}\.webp$/,
      ),
    });

    const path = new URL(res.body.profile_image_url).pathname;
    const served = await t.request('GET', path);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(Buffer.from(served.text, 'binary'))
      .metadata()
      .catch(() => null);
    const file = readdirSync(join(storage, 'avatars')).find((f) => path.endsWith(f))!;
    const stored = await sharp(join(storage, 'avatars', file)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta === null || meta.format === 'webp').toBe(true);

    const me = await req(t, 'GET', '/api/account/profile', { token });
    expect(me.body.profile.profile_image_url).toBe(res.body.profile_image_url);
    const pub = await req(t, 'GET', `/api/account/profile/${user.username}`);
    expect(pub.body.profile.profile_image_url).toBe(res.body.profile_image_url);
  });

  it('removes the old file when a new avatar replaces it', async () => {
    const { user, token } = await createUser(t.ds);
    const first = await upload(token, 'a.png', await png(300, 300));
    const firstFile = first.body.profile_image_url.split('/').pop();
    expect(existsSync(join(storage, 'avatars', firstFile))).toBe(true);
    const second = await upload(token, 'b.png', await png(200, 400));
    expect(second.status).toBe(200);
    const secondFile = second.body.profile_image_url.split('/').pop();
    expect(secondFile).not.toBe(firstFile);
    expect(existsSync(join(storage, 'avatars', firstFile))).toBe(false);
    expect(existsSync(join(storage, 'avatars', secondFile))).toBe(true);
    expect((await t.request('GET', `/media/avatars/${firstFile}`)).status).toBe(404);
    const [row] = await sql(t.db.url, 'SELECT avatar_file FROM app_user WHERE id = $1', [user.id]);
    expect(row).toEqual({ avatar_file: secondFile });
  });

  it('accepts a PNG renamed .exe: the content decides, not the name', async () => {
    const { token } = await createUser(t.ds);
    const res = await upload(
      token,
      'setup.exe',
      await png(100, 100),
      'profile_image',
      'application/x-msdownload',
    );
    expect(res.status).toBe(200);
    expect(res.body.profile_image_url).toMatch(/\.webp$/);
  });

  it('refuses a text file renamed .png with 400', async () => {
    const { token } = await createUser(t.ds);
    const res = await upload(
      token,
      'photo.png',
      Buffer.from('this is plain text, not an image\n'.repeat(20)),
      'profile_image',
      'image/png',
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Upload a valid image (JPEG, PNG, WebP or GIF)' });
  });

  it('refuses a 5 MB image with 400', async () => {
    const { token } = await createUser(t.ds);
    const big = await noisyPng(5 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024 - 1);
    const res = await upload(token, 'big.png', big, 'profile_image', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Image must be at most 2 MB' });
  });

  it('accepts an image just under 2 MB', async () => {
    const { token } = await createUser(t.ds);
    const img = await noisyPng(1.9 * 1024 * 1024);
    expect(img.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(token, 'ok.png', img)).status).toBe(200);
  });

  it.each([
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]),
    ],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 400', async (_name, content) => {
    const { token } = await createUser(t.ds);
    const res = await upload(token, 'x.png', content);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Upload a valid image (JPEG, PNG, WebP or GIF)');
  });

  it('refuses a small file that decodes to a huge image (decompression bomb)', async () => {
    const { token } = await createUser(t.ds);
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(token, 'bomb.png', bomb);
    expect(res.status).toBe(400);
  });

  it('answers 400 when the file is in another field or the request is not multipart', async () => {
    const { token } = await createUser(t.ds);
    const wrongField = await upload(token, 'a.png', await png(50, 50), 'avatar');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ message: "Upload an image in the field 'profile_image'" });
    const json = await req(t, 'POST', '/api/account/user/avatar', {
      token,
      body: { profile_image: 'x' },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe("Upload an image in the field 'profile_image'");
  });

  it('answers 401 without a token and 404 for unknown or malformed media paths', async () => {
    const { body, headers } = multipart('profile_image', 'a.png', await png(20, 20));
    expect((await req(t, 'POST', '/api/account/user/avatar', { body, headers })).status).toBe(401);
    expect(
      (await t.request('GET', '/media/avatars/00000000-0000-0000-0000-000000000000.webp')).status,
    ).toBe(404);
    expect((await t.request('GET', '/media/avatars/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await t.request('GET', '/media/avatars/secret.txt')).status).toBe(404);
  });
});
