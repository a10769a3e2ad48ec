import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Objects of the S3 sandbox (backend/src/sandbox/s3, docs/PRODUCT-RULES.md "Accounts": S3-compatible avatar storage that
 * works on a fresh machine). Small objects only (avatars are a few KB). Empty in production.
 */
export class CreateSandboxS3Objects1765000000000 implements MigrationInterface {
  name = 'CreateSandboxS3Objects1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sandbox_s3_object (
        bucket text NOT NULL,
        key text NOT NULL,
        body bytea NOT NULL,
        content_type text NOT NULL,
        cache_control text,
        etag text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bucket, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sandbox_s3_object');
  }
}
