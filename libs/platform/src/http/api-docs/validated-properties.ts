import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import type { MetadataStorage as TransformerMetadata } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

// class-transformer keeps `@Type` in a storage its index does not export; this module path has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformerMetadata };

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

type Schema = Record<string, unknown>;
type Class = new (...args: never[]) => unknown;

/** class-validator's rules (by name) and what each says of a value, as JSON Schema keywords. */
const KEYWORDS: Record<string, (constraints: unknown[]) => Schema> = {
  isString: () => ({ type: 'string' }),
  isBoolean: () => ({ type: 'boolean' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isObject: () => ({ type: 'object' }),
  isNotEmptyObject: () => ({ type: 'object', minProperties: 1 }),
  isUrl: () => ({ type: 'string', format: 'uri' }),
  isFqdn: () => ({ type: 'string', format: 'hostname' }),
  isEmail: () => ({ type: 'string', format: 'email' }),
  isIn: ([values]) => ({ enum: [...(values as unknown[])] }),
  equals: ([value]) => ({ enum: [value] }),
  minLength: ([min]) => ({ minLength: min }),
  maxLength: ([max]) => ({ maxLength: max }),
  isLength: ([min, max]) => ({ minLength: min, ...(max === undefined ? {} : { maxLength: max }) }),
  matches: ([pattern]) => ({ type: 'string', pattern: pattern instanceof RegExp ? pattern.source : String(pattern) }),
  min: ([min]) => ({ minimum: min }),
  max: ([max]) => ({ maximum: max }),
  // Folio's own query-string rule (libs/platform/src/http/validators.ts): a whole number given as text.
  isQueryInteger: ([min, max]) => ({ type: 'integer', minimum: min, maximum: max }),
};

const ARRAY_KEYWORDS: Record<string, (constraints: unknown[]) => Schema> = {
  isArray: () => ({}),
  arrayMinSize: ([min]) => ({ minItems: min }),
  arrayMaxSize: ([max]) => ({ maxItems: max }),
  arrayNotEmpty: () => ({ minItems: 1 }),
};

/** The class a nested property holds (`@Type(() => X)`, or its declared type when it is a class). */
function nestedClass(target: Class, property: string): Class | undefined {
  const declared = defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction() as Class | undefined;
  if (declared) return declared;
  const designed = Reflect.getMetadata('design:type', target.prototype as object, property) as Class | undefined;
  return designed && ![String, Number, Boolean, Object, Array, Date].includes(designed as never) ? designed : undefined;
}

/**
 * What one property accepts, from the rules the validation pipe applies to it: a property with a
 * condition (`@IsOptional`, `@IsOptionalNonNull`, `@ValidateIf`) may be left out; `@IsOptional` also
 * takes `null`, as does an `@IsIn` list that holds it. A rule given `{ each: true }` describes the items
 * of an array. Rules of Folio's own making that the tables do not know (a role, a default level…) leave
 * the type to the TypeScript one, as reflected.
 */
function propertyOptions(target: Class, property: string, rules: ValidationMetadata[]): ApiPropertyOptions {
  const own: Schema = {};
  const items: Schema = {};
  const array: Schema = {};
  let isArray = false;
  for (const rule of rules) {
    const name = rule.name ?? '';
    if (ARRAY_KEYWORDS[name]) {
      isArray = true;
      Object.assign(array, ARRAY_KEYWORDS[name](rule.constraints ?? []));
    } else if (KEYWORDS[name]) {
      Object.assign(rule.each ? items : own, KEYWORDS[name](rule.constraints ?? []));
    }
    if (rule.each) isArray = true;
  }
  const conditions = rules.filter((r) => r.type === ValidationTypes.CONDITIONAL_VALIDATION);
  const required = conditions.length === 0;
  const takesNull = conditions.some((r) => r.name === 'isOptional') || (Array.isArray(own.enum) && own.enum.includes(null));
  const nullable = takesNull ? { nullable: true } : {};
  const nested = rules.some((r) => r.type === ValidationTypes.NESTED_VALIDATION) ? nestedClass(target, property) : undefined;
  const designed = Reflect.getMetadata('design:type', target.prototype as object, property) as unknown;
  if (isArray || designed === Array) {
    const itemType = nested ? { type: nested } : { items: Object.keys(items).length ? { ...items, ...own } : { ...own } };
    return { required, ...nullable, isArray: true, ...array, ...(nested ? itemType : { type: 'array', ...itemType }) } as ApiPropertyOptions;
  }
  if (nested) return { required, ...nullable, type: nested };
  return { required, ...nullable, ...own } as ApiPropertyOptions;
}

const described = new WeakSet<Class>();

/**
 * Gives @nestjs/swagger every property of every class class-validator knows (the bodies and query strings
 * of every route, wherever they are declared), described from its validation rules: the swagger CLI
 * plugin would derive the same from the TypeScript types, but only inside `nest build` (Folio builds with
 * tsc) and not under ts-jest's transpile-only mode, and its metadata file would be one more generated
 * artefact to keep current. The rules are what the validation pipe enforces (it drops or refuses every
 * property without one), so the schema says what is accepted. Runs once per class per process.
 */
export function describeValidatedClasses(): void {
  const storage = getMetadataStorage();
  const targets = [...(storage as unknown as { validationMetadatas: Map<Class | string, unknown> }).validationMetadatas.keys()];
  for (const target of targets) {
    if (typeof target !== 'function' || described.has(target)) continue;
    described.add(target);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of storage.getTargetValidationMetadatas(target, '', true, false)) {
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    }
    for (const [property, rules] of byProperty) {
      ApiProperty(propertyOptions(target, property, rules))(target.prototype as object, property);
    }
  }
}
