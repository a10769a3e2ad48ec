import { BadRequestException, ValidationError, ValidationPipeOptions } from '@nestjs/common';
import { TOUT_WORD_CONSTRAINT } from '../content/tout-words';

/** Flattens class-validator errors into the spec's field-error shape: `{ field: ['message', ...] }`. */
export const toFieldErrors = (errors: ValidationError[], parent = ''): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const key = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints) out[key] = Object.values(e.constraints);
    if (e.children?.length) Object.assign(out, toFieldErrors(e.children, key));
  }
  return out;
};

/** The first refused tout word's message (common/content/tout-words.ts), searched depth-first. */
const toutWordMessage = (errors: ValidationError[]): string | undefined => {
  for (const e of errors) {
    const own = e.constraints?.[TOUT_WORD_CONSTRAINT];
    if (own) return own;
    const child = e.children?.length ? toutWordMessage(e.children) : undefined;
    if (child) return child;
  }
  return undefined;
};

/**
 * Global ValidationPipe options: strip unknown fields, transform to DTO classes, and answer
 * 400 `{ message, <field>: [..] }` naming every invalid field (docs/CONTRIBUTING.md §6). A refused
 * tout word is the `message` itself, so it names the word (docs/PRODUCT-RULES.md "Records and
 * responsible gambling").
 */
export const validationPipeOptions: ValidationPipeOptions = {
  whitelist: true,
  transform: true,
  stopAtFirstError: false,
  exceptionFactory: (errors) => {
    const fields = toFieldErrors(errors);
    return new BadRequestException({
      message: toutWordMessage(errors) ?? `Invalid ${Object.keys(fields).join(', ')}`,
      ...fields,
    });
  },
};
