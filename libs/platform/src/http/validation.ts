import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';

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
 * How many reasons one answer lists: enough for any honest mistake, while a body built to fail
 * everywhere (a thousand unknown properties, a long list of bad items) cannot make the answer huge.
 */
export const MAX_MESSAGES = 20;

function describe(errors: ValidationError[]): string {
  const messages = flatten(errors);
  const shown = messages.slice(0, MAX_MESSAGES).join('; ');
  return messages.length > MAX_MESSAGES ? `${shown}; and ${messages.length - MAX_MESSAGES} more` : shown;
}

function pipe(forbidUnknown: boolean): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: forbidUnknown,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(describe(errors)),
  });
}

/** The properties of a query DTO that hold one value (all but those validated as arrays), per DTO. */
const singleValued = new Map<Type<unknown>, Set<string>>();

function singleValuedProperties(dto: Type<unknown>): Set<string> {
  let properties = singleValued.get(dto);
  if (!properties) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    const arrays = new Set(rules.filter((r) => r.name === 'isArray' || r.each).map((r) => r.propertyName));
    properties = new Set(rules.map((r) => r.propertyName).filter((p) => !arrays.has(p)));
    singleValued.set(dto, properties);
  }
  return properties;
}

/**
 * One pipe for every route, judging by where a value comes from. Bodies: unknown properties are
 * refused and values are never coerced. Query strings: unknown parameters are dropped silently
 * (clients add cache-busters and tracking parameters), known ones are converted explicitly by their
 * DTO (`@Transform`), and one given more than once where one value is expected is refused: the
 * query-string parser keeps repeated keys as arrays so a DTO may still declare a list parameter.
 * The first failure does not hide the others.
 */
@Injectable()
export class FolioValidationPipe implements PipeTransform {
  private readonly strict = pipe(true);
  private readonly lenient = pipe(false);

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'query') return this.strict.transform(value, metadata);
    const repeated = this.repeated(value, metadata);
    if (repeated.length > 0) throw new BadRequestException(repeated.map((p) => `${p} must be given once`).join('; '));
    return this.lenient.transform(value, metadata);
  }

  private repeated(value: unknown, { data, metatype }: ArgumentMetadata): string[] {
    if (data !== undefined) return Array.isArray(value) && metatype !== Array ? [data] : [];
    if (value === null || typeof value !== 'object' || typeof metatype !== 'function') return [];
    const properties = singleValuedProperties(metatype);
    return Object.keys(value).filter((key) => properties.has(key) && Array.isArray((value as Record<string, unknown>)[key]));
  }
}

export function validationPipe(): FolioValidationPipe {
  return new FolioValidationPipe();
}
