import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the blog module (docs/CONTRIBUTING.md §6). */
export enum BlogErrorCode {
  POST_NOT_FOUND = 'POST_NOT_FOUND',
  INVALID_POST = 'INVALID_POST',
}

/** Code → HTTP status and message. */
export const BLOG_ERRORS: Record<BlogErrorCode, ErrorSpec> = {
  [BlogErrorCode.POST_NOT_FOUND]: { status: 404, message: 'Post not found' },
  [BlogErrorCode.INVALID_POST]: { status: 400, message: 'Invalid post' },
};

/**
 * The blog module's error. For INVALID_POST pass the field errors as `fields`
 * (`{ title: ['Title is required'] }`); they are merged into the JSON body like the
 * ValidationPipe's, and the message names the fields.
 */
export class BlogError extends DomainError<BlogErrorCode> {
  constructor(code: BlogErrorCode, fields: Record<string, string[]> = {}) {
    const spec = BLOG_ERRORS[code];
    const names = Object.keys(fields);
    super(
      code,
      { status: spec.status, message: names.length ? `Invalid ${names.join(', ')}` : spec.message },
      fields,
    );
  }
}
