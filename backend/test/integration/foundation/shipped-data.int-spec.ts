import { createHash } from 'crypto';
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import { REPO_ROOT } from '../../../src/config/app-config';

/** git's blob id of a file: sha1("blob <size>\0" + bytes), as `git hash-object` prints it. */
const gitBlobSha1 = (bytes: Buffer): string =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

const DATA_DIR = join(REPO_ROOT, 'data', 'football');

const listCsv = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory()
      ? listCsv(p)
      : name.endsWith('.csv')
        ? [relative(DATA_DIR, p)]
        : [];
  });

/** `| file | ... | blob | ...` rows of SOURCES.md: file → abbreviated blob SHA-1. */
const listedBlobs = (): Map<string, string> => {
  const rows = new Map<string, string>();
  let blobCol = -1;
  for (const line of readFileSync(join(DATA_DIR, 'SOURCES.md'), 'utf8').split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === 'file') blobCol = cells.indexOf('blob');
    else if (blobCol > 0 && cells[0].endsWith('.csv')) rows.set(cells[0], cells[blobCol]);
  }
  return rows;
};

describe('shipped football data (data/football)', () => {
  const listed = listedBlobs();

  it('lists every shipped CSV file in SOURCES.md and ships every listed file', () => {
    expect(listed.size).toBeGreaterThanOrEqual(20);
    expect([...listed.keys()].sort()).toEqual(listCsv(DATA_DIR).sort());
  });

  it.each([...listedBlobs().entries()])(
    '%s matches the git blob SHA-1 in SOURCES.md',
    (file, blob) => {
      expect(blob).toMatch(/^[0-9a-f]{7,40}$/);
      expect(gitBlobSha1(readFileSync(join(DATA_DIR, file)))).toMatch(new RegExp(`^${blob}`));
    },
  );
});
