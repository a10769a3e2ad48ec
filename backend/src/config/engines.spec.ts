import { readFileSync } from 'fs';
import { join } from 'path';
import { minVersion, satisfies } from 'semver';
import { REPO_ROOT } from './app-config';

const readJson = (file: string): any => JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8'));

/**
 * The README promises Node 20 throughout and package.json's `engines` says which Node 20: every
 * package `npm ci` installs must accept that version, or `npm ci` prints EBADENGINE and the
 * package may use what that Node lacks.
 */
describe('Node engine of the installed packages', () => {
  const stated = readJson('package.json').engines.node as string;
  const oldest = minVersion(stated)!.version;

  it('package.json states a Node 20 release as the oldest supported, as the README says', () => {
    expect(oldest).toMatch(/^20\./);
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).toContain(
      'Node 20 is supported throughout',
    );
  });

  it(`every package of package-lock.json accepts the oldest stated Node (no EBADENGINE)`, () => {
    const packages = readJson('package-lock.json').packages as Record<
      string,
      { version?: string; engines?: { node?: string } | string[] }
    >;
    const refusing = Object.entries(packages)
      .filter(
        ([, p]) => p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string',
      )
      .filter(([, p]) => !satisfies(oldest, (p.engines as { node: string }).node))
      .map(
        ([path, p]) =>
          `${path.replace(/^.*node_modules\//, '')}@${p.version} requires node ${(p.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });
});
