import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';

/**
 * Optional, but not nullable: absent skips validation, `null` is validated (and so refused). Use
 * class-validator's `@IsOptional()` only where the seed makes a field nullable.
 */
export function IsOptionalNonNull(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}

/**
 * A query parameter holding a whole number from `min` to `max`, in plain decimal digits (`1e3`, `0x10`,
 * ` 5` and `` are not numbers a person means). One rule with one message, whatever is wrong: `@IsInt`,
 * `@Min` and `@Max` together told `limit=abc` three contradictory reasons. A subclass redeclaring the
 * property with other bounds replaces this rule (class-validator keeps the nearest of one kind).
 */
export function IsQueryInteger(min: number, max: number): PropertyDecorator {
  const convert = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
  );
  const check = ValidateBy({
    name: 'isQueryInteger',
    constraints: [min, max],
    validator: {
      validate: (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max,
      defaultMessage: (args) => `${args?.property ?? 'value'} must be an integer from ${min} to ${max}`,
    },
  });
  return (target, property) => {
    convert(target, property);
    check(target, property);
  };
}
