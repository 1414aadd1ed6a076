import { ValidateIf, ValidationOptions } from 'class-validator';

/**
 * Optional, but not nullable: absent skips validation, `null` is validated (and so refused). Use
 * class-validator's `@IsOptional()` only where the seed makes a field nullable.
 */
export function IsOptionalNonNull(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}
