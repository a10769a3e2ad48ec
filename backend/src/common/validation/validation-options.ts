import { BadRequestException, ValidationError, ValidationPipeOptions } from '@nestjs/common';

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

/**
 * Global ValidationPipe options: strip unknown fields, transform to DTO classes, and answer
 * 400 `{ message, <field>: [..] }` naming every invalid field (docs/CONTRIBUTING.md §6).
 */
export const validationPipeOptions: ValidationPipeOptions = {
  whitelist: true,
  transform: true,
  stopAtFirstError: false,
  exceptionFactory: (errors) => {
    const fields = toFieldErrors(errors);
    return new BadRequestException({ message: `Invalid ${Object.keys(fields).join(', ')}`, ...fields });
  },
};
