import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage } from 'class-validator';
import { keepRuleLookups } from './validation-rules';

// Every validation below looks its DTO's rules up: kept per class from the first (see validation-rules.ts).
keepRuleLookups();

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

/** Stateless, so one serves every app (and lets `bindValidation` tell a parameter it already bound). */
const validation = new FolioValidationPipe();

/**
 * A body validated by `dto` as the pipe validates a route's (same rules, same messages), for a route that
 * takes its body raw (`@Body() body: unknown`, which the pipe leaves alone) to judge some of it otherwise.
 */
export function validatedBody<T>(dto: Type<T>, body: unknown): Promise<T> {
  return validation.transform(body, { type: 'body', metatype: dto }) as Promise<T>;
}

/** A route parameter as Nest's `@Body()`, `@Query()`, `@Param()`… decorators record it, keyed `<type>:<index>`. */
interface RouteArg {
  index: number;
  data?: unknown;
  pipes: unknown[];
}

/** Parameters that carry the caller's input: the body and the query string (whole or by name). */
function carriesInput(key: string): boolean {
  const type = Number(key.split(':', 1)[0]);
  return type === RouteParamtypes.BODY || type === RouteParamtypes.QUERY;
}

function methodNames(prototype: object): string[] {
  const names = new Set<string>();
  for (let p = prototype; p !== Object.prototype && p !== null; p = Object.getPrototypeOf(p) as object) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

/**
 * Puts the validation pipe on the parameters that carry input (`@Body`, `@Query`), as `@Body(pipe)` would,
 * and on nothing else. A global pipe runs, one promise each, on every parameter of every request: the
 * caller, path ids, `If-Match`, so a GET of one resource paid for validation it never needed. Runs before
 * `app.init()`, which reads the parameters' metadata as it registers the routes; a parameter already
 * bound (a second app in one process) is left as it is.
 */
export function bindValidation(controllers: Type<unknown>[]) {
  for (const controller of controllers) {
    for (const method of methodNames(controller.prototype as object)) {
      const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) as Record<string, RouteArg> | undefined;
      if (!args) continue;
      const bound = Object.fromEntries(
        Object.entries(args).map(([key, arg]) =>
          [key, carriesInput(key) && !arg.pipes.includes(validation) ? { ...arg, pipes: [validation, ...arg.pipes] } : arg],
        ),
      );
      Reflect.defineMetadata(ROUTE_ARGS_METADATA, bound, controller, method);
    }
  }
}
