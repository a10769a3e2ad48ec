import type { RuleResult } from './common';

/**
 * Avatar upload (docs/PRODUCT-RULES.md R60, R134: images only, at most 2 MB, checked again by the
 * server).
 */
export const AVATAR_MESSAGES = {
  notImage: 'Choose an image file',
  tooLarge: 'Image must be at most 2 MB',
} as const;

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export const avatarFileError = (file: Pick<File, 'type' | 'size'>): RuleResult => {
  if (!file.type.startsWith('image/')) return AVATAR_MESSAGES.notImage;
  return file.size > MAX_AVATAR_BYTES ? AVATAR_MESSAGES.tooLarge : null;
};
