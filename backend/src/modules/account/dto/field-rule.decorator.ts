import { registerDecorator, ValidationArguments } from 'class-validator';

/**
 * Validates a DTO property with one rule function returning the message to show, or null when
 * valid (domain/account-rules.ts). One rule per field gives exactly one message per field,
 * e.g. `{ username: ['This field is required.'] }` rather than every failing constraint.
 */
export const FieldRule =
  (rule: (value: unknown) => string | null): PropertyDecorator =>
  (target: object, propertyName: string | symbol): void => {
    registerDecorator({
      name: 'fieldRule',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => rule(value) === null,
        defaultMessage: (args?: ValidationArguments) => rule(args?.value) ?? 'Invalid value',
      },
    });
  };

/** class-transformer helper: trims a string value, leaves anything else for the rule to refuse. */
export const trimString = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
