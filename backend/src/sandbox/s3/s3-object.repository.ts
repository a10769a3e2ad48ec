import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../common/sql';

/** A stored object as GetObject answers it. */
export interface S3ObjectRow {
  body: Buffer;
  content_type: string;
  cache_control: string | null;
  /** Quoted hex MD5 of the body, as S3 sends it. */
  etag: string;
  created_at: Date;
}

/** `sandbox_s3_object`: the S3 simulator's objects, keyed by bucket and key. */
@Injectable()
export class S3ObjectRepository {
  constructor(private readonly ds: DataSource) {}

  /** Stores an object under bucket/key, replacing any object there. */
  async put(
    bucket: string,
    key: string,
    o: { body: Buffer; contentType: string; cacheControl: string | null; etag: string },
  ): Promise<void> {
    await query(
      this.ds,
      `INSERT INTO sandbox_s3_object (bucket, key, body, content_type, cache_control, etag)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (bucket, key) DO UPDATE SET body = EXCLUDED.body, content_type = EXCLUDED.content_type,
         cache_control = EXCLUDED.cache_control, etag = EXCLUDED.etag, created_at = now()`,
      [bucket, key, o.body, o.contentType, o.cacheControl, o.etag],
    );
  }

  /** The object at bucket/key, or null. */
  async get(bucket: string, key: string): Promise<S3ObjectRow | null> {
    const [row] = await query<S3ObjectRow>(
      this.ds,
      'SELECT body, content_type, cache_control, etag, created_at FROM sandbox_s3_object WHERE bucket = $1 AND key = $2',
      [bucket, key],
    );
    return row ?? null;
  }

  /** Deletes the object at bucket/key (nothing when there is none). */
  async remove(bucket: string, key: string): Promise<void> {
    await query(this.ds, 'DELETE FROM sandbox_s3_object WHERE bucket = $1 AND key = $2', [
      bucket,
      key,
    ]);
  }
}
