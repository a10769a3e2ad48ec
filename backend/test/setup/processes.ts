import { ChildProcess, spawn, spawnSync } from 'child_process';
import { REPO_ROOT } from '../../src/config/app-config';

/** A child process of a test and everything it printed (the last 200-400 KB). */
export interface TestProcess {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  /** Sends `signal` (SIGTERM by default) unless it has exited, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `cmd args` in the repository root with exactly `env` (plus PATH and HOME): nothing of the
 * test process's environment leaks in (in particular no PUBLIC_URL or DATABASE_URL).
 */
export const startProcess = (
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
): TestProcess => {
  let out = '';
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 400_000) out = out.slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    name,
    child,
    output: () => out,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
};

/** Builds the backend's dist/ when src/ is newer (npm test builds before jest; a file run alone may not). Throws when the build fails. */
export const buildBackendIfStale = (): void => {
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('./scripts/lib.mjs').then((m) => m.buildIfNeeded({ frontend: false }))",
    ],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('could not build the backend');
};
