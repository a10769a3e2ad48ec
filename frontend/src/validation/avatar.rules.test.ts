import { describe, expect, it } from 'vitest';
import { avatarFileError, MAX_AVATAR_BYTES } from './avatar.rules';

describe('avatar rule (docs/PRODUCT-RULES.md R134: images only)', () => {
  it('accepts an image up to 2 MB', () => {
    expect(avatarFileError({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileError({ type: 'image/webp', size: MAX_AVATAR_BYTES })).toBeNull();
  });

  it('refuses other files and larger images', () => {
    expect(avatarFileError({ type: 'application/pdf', size: 10 })).toBe('Choose an image file');
    expect(avatarFileError({ type: 'image/jpeg', size: MAX_AVATAR_BYTES + 1 })).toBe(
      'Image must be at most 2 MB',
    );
  });
});
