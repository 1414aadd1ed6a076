import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/**
 * Field-by-field messages. class-validator's own start with the property name, so nested ones only
 * need their parents' path in front: `mergeRules.rules.0.rule must be one of …`.
 */
function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const own = Object.values(e.constraints ?? {}).map((m) => (parent ? `${parent}.${m}` : m));
    return [...own, ...flatten(e.children ?? [], parent ? `${parent}.${e.property}` : e.property)];
  });
}

/**
 * Unknown properties are refused, body values are never coerced (the DTOs convert query strings
 * explicitly with `@Type`), and the first failure does not hide the others.
 */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(flatten(errors).join('; ')),
  });
}
