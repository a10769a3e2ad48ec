import sharp from 'sharp';
import { AVATAR_MAX_INPUT_PIXELS, AVATAR_SIZE_PX } from '../account.constants';
import { AccountError, AccountErrorCode } from '../account.errors';
import { sniffImageFormat } from '../domain/image-sniff';

/**
 * Turns an uploaded file into the stored avatar (docs/PRODUCT-RULES.md "Accounts"): the content must be a JPEG, PNG, GIF
 * or WebP (magic bytes, then a full decode by sharp), then it is cropped to a centred square and
 * re-encoded as a 256×256 WebP without metadata (EXIF, GPS and anything embedded are dropped).
 * @throws AccountError AVATAR_NOT_IMAGE (400) when the bytes are not a decodable image.
 */
export const toAvatarWebp = async (input: Buffer): Promise<Buffer> => {
  if (!sniffImageFormat(input)) throw new AccountError(AccountErrorCode.AVATAR_NOT_IMAGE);
  try {
    return await sharp(input, {
      limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
      animated: false,
      failOn: 'error',
    })
      .rotate() // honour EXIF orientation before it is stripped
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AccountError(AccountErrorCode.AVATAR_NOT_IMAGE);
  }
};
