import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'crypto';
import { AppConfig } from '../../config/app-config';
import { S3ObjectRepository } from './s3-object.repository';
import { FaultRepository } from '../faults/fault.repository';

/** An S3 answer: status, headers and an optional body (XML for errors). */
export interface S3Answer {
  status: number;
  headers: Record<string, string>;
  body?: Buffer | string;
}

/** Largest object the sandbox keeps (avatars are a few KB). */
export const S3_SANDBOX_MAX_OBJECT_BYTES = 5 * 1024 * 1024;

const xmlEscape = (s: string): string => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An S3 REST error document (AWS S3 API reference, "Error responses"). */
export const s3Error = (
  status: number,
  code: string,
  message: string,
  resource = '',
): S3Answer => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body:
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>` +
    `<Resource>${xmlEscape(resource)}</Resource><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
});

/** The access key id of an `AWS4-HMAC-SHA256 Credential=<key>/<date>/<region>/s3/aws4_request, …` header. */
export const accessKeyOf = (authorization: string | undefined): string | null =>
  /^AWS4-HMAC-SHA256\s+Credential=([^/\s,]+)\//.exec(authorization ?? '')?.[1] ?? null;

/**
 * S3 simulator (docs/PRODUCT-RULES.md "Accounts": S3-compatible avatar storage reachable on a fresh machine): path-style
 * PutObject, GetObject, HeadObject and DeleteObject on any bucket, objects kept in
 * `sandbox_s3_object`. Requests must be SigV4-signed with S3_ACCESS_KEY_ID (the key id is checked,
 * the signature itself is not). Fault target `s3.objects` makes the next calls answer 503.
 */
@Injectable()
export class S3SandboxService {
  constructor(
    private readonly objects: S3ObjectRepository,
    private readonly config: AppConfig,
    private readonly faults: FaultRepository,
  ) {}

  /** Refusal for an unsigned request, a wrong key id or an armed fault; null when the call may go on. */
  private async refuse(
    authorization: string | undefined,
    resource: string,
  ): Promise<S3Answer | null> {
    const key = accessKeyOf(authorization);
    if (!key) return s3Error(403, 'AccessDenied', 'Access Denied', resource);
    if (key !== this.config.avatarStorage.s3.accessKeyId) {
      return s3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
        resource,
      );
    }
    const fault = await this.faults.consume('s3.objects');
    if (fault !== null)
      return s3Error(fault, 'ServiceUnavailable', 'Please reduce your request rate.', resource);
    return null;
  }

  /** PutObject: stores `body` (a Buffer) under bucket/key, replacing any object there. */
  async put(
    auth: string | undefined,
    bucket: string,
    key: string,
    body: unknown,
    contentType: string | undefined,
    cacheControl: string | undefined,
  ): Promise<S3Answer> {
    const resource = `/${bucket}/${key}`;
    const refused = await this.refuse(auth, resource);
    if (refused) return refused;
    if (!Buffer.isBuffer(body))
      return s3Error(400, 'MissingRequestBodyError', 'Request Body is empty.', resource);
    if (body.length > S3_SANDBOX_MAX_OBJECT_BYTES)
      return s3Error(
        400,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size.',
        resource,
      );
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    await this.objects.put(bucket, key, {
      body,
      contentType: contentType || 'binary/octet-stream',
      cacheControl: cacheControl ?? null,
      etag,
    });
    return { status: 200, headers: { etag } };
  }

  /** GetObject (`withBody` false: headers only): the object with its headers, or 404 NoSuchKey. */
  async get(
    auth: string | undefined,
    bucket: string,
    key: string,
    withBody: boolean,
  ): Promise<S3Answer> {
    const resource = `/${bucket}/${key}`;
    const refused = await this.refuse(auth, resource);
    if (refused) return refused;
    const row = await this.objects.get(bucket, key);
    if (!row)
      return withBody
        ? s3Error(404, 'NoSuchKey', 'The specified key does not exist.', resource)
        : { status: 404, headers: {} };
    const headers: Record<string, string> = {
      'content-type': row.content_type,
      'content-length': String(row.body.length),
      etag: row.etag,
      'last-modified': new Date(row.created_at).toUTCString(),
    };
    if (row.cache_control) headers['cache-control'] = row.cache_control;
    return { status: 200, headers, body: withBody ? row.body : undefined };
  }

  /** DeleteObject: 204 whether or not the object existed (as S3 does). */
  async remove(auth: string | undefined, bucket: string, key: string): Promise<S3Answer> {
    const refused = await this.refuse(auth, `/${bucket}/${key}`);
    if (refused) return refused;
    await this.objects.remove(bucket, key);
    return { status: 204, headers: {} };
  }
}
