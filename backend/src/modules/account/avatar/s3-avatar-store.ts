import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { Readable } from 'stream';
import { AppConfig } from '../../../config/app-config';
import { AVATAR_FILE_PATTERN, AvatarStore } from './avatar-storage';

/** Key prefix of avatars inside the bucket. */
export const S3_AVATAR_PREFIX = 'avatars/';

/**
 * Avatars in an S3-compatible bucket (docs/PRODUCT-RULES.md "Accounts"; AVATAR_STORAGE=s3): AWS S3, MinIO, Cloudflare R2,
 * DigitalOcean Spaces… Objects are `avatars/<uuid>.webp`, written whole by PutObject (readers never
 * see half a file) and still served by this API at /media/avatars/<file> (a stable URL that does
 * not depend on the bucket being public). Checksums are only sent when an operation requires
 * them, which S3-compatible servers that lack the newer CRC headers accept.
 */
@Injectable()
export class S3AvatarStore implements AvatarStore, OnModuleDestroy {
  private readonly logger = new Logger(S3AvatarStore.name);
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(config: AppConfig) {
    const s3 = config.avatarStorage.s3;
    this.bucket = s3.bucket;
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint ?? undefined,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /** Stores `webp` as a new object; returns its file name. Throws the SDK's error when the bucket refuses it. */
  async put(webp: Buffer): Promise<string> {
    const file = `${randomUUID()}.webp`;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: S3_AVATAR_PREFIX + file,
        Body: webp,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return file;
  }

  /** Deletes an object; a missing object or an unreachable bucket only logs (the new avatar is already saved). */
  async remove(file: string): Promise<void> {
    if (!AVATAR_FILE_PATTERN.test(file)) return;
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: S3_AVATAR_PREFIX + file }),
      );
    } catch (err) {
      this.logger.warn({ file, err: (err as Error).message }, 'could not remove old avatar');
    }
  }

  /** The object's bytes as a stream with its size, or null when the bucket has no such object. */
  async open(file: string): Promise<{ stream: Readable; size: number } | null> {
    if (!AVATAR_FILE_PATTERN.test(file)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: S3_AVATAR_PREFIX + file }),
      );
      if (!out.Body || out.ContentLength === undefined) return null;
      return { stream: out.Body as Readable, size: out.ContentLength };
    } catch (err) {
      if (
        err instanceof NoSuchKey ||
        (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
      )
        return null;
      throw err;
    }
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
