/** Image formats accepted as avatars (docs/PRODUCT-RULES.md "Accounts": images only, checked by content, not by name). */
export type AvatarInputFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (buf: Buffer, bytes: number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/**
 * The image format of `buf` from its magic bytes, or null when it is none of JPEG, PNG, GIF,
 * WebP. The file name and the declared content type are never consulted. SVG (script-capable)
 * and other formats are refused on purpose.
 */
export const sniffImageFormat = (buf: Buffer): AvatarInputFormat | null => {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  return null;
};
