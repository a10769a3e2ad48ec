import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiProduces } from '@nestjs/swagger';

/**
 * Shapes shared by the OpenAPI document (served at /api/docs; docs/CONTRIBUTING.md §6: every route documents
 * its request and response with @nestjs/swagger classes). Documentation only: validation stays
 * with each route's DTO or service.
 */

/** `{ message }`: the answer of routes that only say what happened (docs/PRODUCT-RULES.md R69). */
export class MessageResponse {
  @ApiProperty({ example: 'Request Sent' }) message: string;
}

/** A JSON object whose keys depend on the data (described where it is used). */
export const FREE_FORM_OBJECT = { type: 'object', additionalProperties: true } as const;

/** A 200 answer of an HTML page (the sandbox's browser pages). */
export const ApiHtmlPage = (description: string): MethodDecorator =>
  applyDecorators(
    ApiProduces('text/html'),
    ApiOkResponse({ description, content: { 'text/html': { schema: { type: 'string' } } } }),
  );
