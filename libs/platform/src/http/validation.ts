import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { plainToInstance } from 'class-transformer';
import { getFromContainer, getMetadataStorage, Validator, ValidatorOptions } from 'class-validator';
import type { ValidationExecutor as Executor } from 'class-validator/types/validation/ValidationExecutor';
import { keepRuleLookups, rulesAdded } from './validation-rules';

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

// class-validator's executor, which its `validate` runs; its index does not export it, and this path has no declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ValidationExecutor } = require('class-validator/cjs/validation/ValidationExecutor') as { ValidationExecutor: typeof Executor };

/** class-validator's validator, as its `validate` function takes it. */
const validator = getFromContainer(Validator);

/**
 * class-validator's `validate`, step for step (an executor, its errors stripped of empty entries), but answered
 * at once when no rule answered with a promise: `validate` waits for `Promise.all` of them even when there are
 * none. With a promise (an async rule), it waits for them all, as `validate` does.
 */
function validationErrors(object: object, options: ValidatorOptions): ValidationError[] | Promise<ValidationError[]> {
  const executor = new ValidationExecutor(validator, options);
  const errors: ValidationError[] = [];
  executor.execute(object, undefined as unknown as string, errors);
  if (executor.awaitingPromises.length === 0) return executor.stripEmptyErrors(errors);
  return Promise.all(executor.awaitingPromises).then(() => executor.stripEmptyErrors(errors));
}

/**
 * Nest's ValidationPipe, with its work for a caller's input done without what that input never needs. Every
 * body and query string is an object (the JSON parser refuses anything else, the query parser makes nothing
 * else); for one, with a DTO class, `input` takes Nest's own steps in Nest's order (arrays' gaps closed,
 * prototype keys stripped, class-transformer, binary values refused, class-validator, the same exception), but
 * with the validator's options built once instead of per value and class-validator answered in the same turn
 * (`validationErrors`). Any other value or type goes through Nest's whole `transform`, as does an object whose
 * class-transformer copy is not of its DTO (Nest validates a stand-in then).
 *
 * An empty object (a read without a query string) is validated once per DTO: class-transformer
 * makes a fresh instance of the DTO from it each time, so class-validator's answer on it is the same each
 * time while the DTO's rules stay as they were (rules are pure functions of the object; an instance's
 * defaults are constants). Once an empty value of a DTO passed and whitelisting removed nothing from it,
 * the next ones skip class-validator until a rule is added anywhere (`rulesAdded`); one refused is refused
 * by class-validator every time.
 */
export class InputValidationPipe extends ValidationPipe {
  /** What Nest's `transform` hands class-validator, spread anew there for every value. */
  private readonly runOptions: ValidatorOptions = { ...this.validatorOptions, validationError: { target: false, ...this.validatorOptions.validationError } };
  /** The DTOs whose empty value passed untouched, with `rulesAdded()` then. */
  private readonly emptyPasses = new WeakMap<object, number>();

  constructor(forbidUnknown: boolean) {
    super({
      whitelist: true,
      forbidNonWhitelisted: forbidUnknown,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new BadRequestException(describe(errors)),
    });
  }

  /** As Nest's `transform` answers (a refusal thrown), but at once unless a rule is async. */
  input(value: unknown, metadata: ArgumentMetadata): unknown {
    const { metatype } = metadata;
    if (value === null || typeof value !== 'object' || Array.isArray(value) || this.isBinary(value) || !metatype || !this.toValidate(metadata)) {
      return super.transform(value, metadata);
    }
    this.closeArrayGaps(value);
    this.stripProtoKeys(value);
    const entity = plainToInstance(metatype, value, this.transformOptions) as object;
    // Both steps above are idempotent and class-transformer's copy leaves the value as it was: Nest may start over.
    if (entity.constructor !== metatype) return super.transform(value, metadata);
    const binary = this.findNestedBinaryValues(entity);
    if (binary.length > 0) throw this.exceptionFactory(binary);
    const empty = Object.keys(value).length === 0;
    if (empty && this.emptyPasses.get(metatype) === rulesAdded()) return entity;
    const fresh = empty ? { rules: rulesAdded(), properties: Object.keys(entity).length } : undefined;
    const errors = this.validate(entity, this.runOptions);
    if (!Array.isArray(errors)) return errors.then((found) => this.answer(entity, found));
    if (fresh !== undefined && errors.length === 0 && Object.keys(entity).length === fresh.properties) this.emptyPasses.set(metatype, fresh.rules);
    return this.answer(entity, errors);
  }

  protected override validate(object: object, options: ValidatorOptions): ValidationError[] | Promise<ValidationError[]> {
    return validationErrors(object, options);
  }

  /** The validated entity, or Nest's exception for its errors. */
  private answer(entity: object, errors: ValidationError[]): object {
    if (errors.length === 0) return entity;
    if (this.validatorOptions.validationError?.value === undefined) this.stripParentErrorValues(errors);
    throw this.exceptionFactory(errors);
  }
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
  private readonly strict = new InputValidationPipe(true);
  private readonly lenient = new InputValidationPipe(false);

  /** The value, or a promise of it where a rule is async; a refusal is thrown (Nest's pipes await either). */
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'query') return this.strict.input(value, metadata);
    const repeated = this.repeated(value, metadata);
    if (repeated.length > 0) throw new BadRequestException(repeated.map((p) => `${p} must be given once`).join('; '));
    return this.lenient.input(value, metadata);
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
export async function validatedBody<T>(dto: Type<T>, body: unknown): Promise<T> {
  return validation.transform(body, { type: 'body', metatype: dto }) as T | Promise<T>;
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
