import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { createReadStream } from 'fs';
import { mkdir, rename, stat, unlink, writeFile } from 'fs/promises';
import { join } from 'path';
import { Readable } from 'stream';
import { AppConfig } from '../../../config/app-config';

/** Avatar file names: a random UUID and the extension, nothing a client chooses. */
export const AVATAR_FILE_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * Where avatars live: LocalAvatarStore below (AVATAR_STORAGE=local, the default) or S3AvatarStore
 * (AVATAR_STORAGE=s3, s3-avatar-store.ts). Both serve through GET /media/avatars/{file}.
 */
export interface AvatarStore {
  /** Stores `webp` under a new random name; returns the name. */
  put(webp: Buffer): Promise<string>;
  /** Removes a stored file; a missing file is not an error. */
  remove(file: string): Promise<void>;
  /** A stream of a stored file with its size, or null when absent. */
  open(file: string): Promise<{ stream: Readable; size: number } | null>;
}

/**
 * Avatars on local disk under STORAGE_DIR/avatars (relative paths from the repository root).
 * Writes go to a temporary name and are renamed into place, so a reader never sees half a file.
 */
@Injectable()
export class LocalAvatarStore implements AvatarStore {
  private readonly logger = new Logger(LocalAvatarStore.name);
  readonly dir: string;

  constructor(config: AppConfig) {
    this.dir = join(config.storageDir, 'avatars');
  }

  async put(webp: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = `${randomUUID()}.webp`;
    const tmp = join(this.dir, `.${file}.tmp`);
    await writeFile(tmp, webp, { mode: 0o644 });
    await rename(tmp, join(this.dir, file));
    return file;
  }

  async remove(file: string): Promise<void> {
    if (!AVATAR_FILE_PATTERN.test(file)) return;
    try {
      await unlink(join(this.dir, file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn({ file, err: (err as Error).message }, 'could not remove old avatar');
      }
    }
  }

  async open(file: string): Promise<{ stream: Readable; size: number } | null> {
    if (!AVATAR_FILE_PATTERN.test(file)) return null;
    const path = join(this.dir, file);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }
}

/** DI token of the AvatarStore in use. */
export const AVATAR_STORE = Symbol('AVATAR_STORE');
