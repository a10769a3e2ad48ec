import { sniffImageFormat } from './image-sniff';

const bytes = (...parts: (number[] | string)[]): Buffer =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('sniffImageFormat', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0])],
    ['gif', bytes('GIF87a', [1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
  ])('recognises %s', (format, buf) => {
    expect(sniffImageFormat(buf)).toBe(format);
  });

  it.each([
    ['text', bytes('hello, this is not an image')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['exe', bytes('MZ', [0x90, 0])],
    ['riff wave', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['empty', Buffer.alloc(0)],
    ['truncated png', bytes([0x89, 0x50, 0x4e])],
  ])('refuses %s', (_name, buf) => {
    expect(sniffImageFormat(buf)).toBeNull();
  });
});
