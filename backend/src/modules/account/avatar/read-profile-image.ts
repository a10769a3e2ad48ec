import type { MultipartFile } from '@fastify/multipart';
import { AVATAR_FIELD, AVATAR_MAX_BYTES } from '../account.constants';
import { AccountError, AccountErrorCode } from '../account.errors';

/** What @fastify/multipart (registered in app.setup.ts) adds to a Fastify request. */
interface MultipartRequest {
  isMultipart(): boolean;
  file(opts: {
    limits: { fileSize: number; files: number; fields: number; parts: number };
  }): Promise<MultipartFile | undefined>;
}

/**
 * Reads the `profile_image` file of a multipart request (docs/PRODUCT-RULES.md R141) into memory,
 * at most 2 MB. The declared file name and content type are ignored (checked by content later).
 * @throws AccountError AVATAR_MISSING (400) without a multipart file in that field,
 *         AVATAR_TOO_LARGE (400) above 2 MB.
 */
export const readProfileImage = async (request: unknown): Promise<Buffer> => {
  const req = request as MultipartRequest;
  if (!req.isMultipart()) throw new AccountError(AccountErrorCode.AVATAR_MISSING);
  let file;
  try {
    file = await req.file({
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 12 },
    });
  } catch {
    throw new AccountError(AccountErrorCode.AVATAR_MISSING);
  }
  if (!file || file.fieldname !== AVATAR_FIELD) {
    file?.file.resume();
    throw new AccountError(AccountErrorCode.AVATAR_MISSING);
  }
  try {
    const buf = await file.toBuffer();
    if (file.file.truncated || buf.length > AVATAR_MAX_BYTES)
      throw new AccountError(AccountErrorCode.AVATAR_TOO_LARGE);
    if (buf.length === 0) throw new AccountError(AccountErrorCode.AVATAR_NOT_IMAGE);
    return buf;
  } catch (err) {
    if (err instanceof AccountError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AccountError(AccountErrorCode.AVATAR_TOO_LARGE);
    throw new AccountError(AccountErrorCode.AVATAR_MISSING);
  }
};
