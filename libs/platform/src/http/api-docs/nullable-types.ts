/**
 * Rewrites OpenAPI 3.0's `nullable: true`, which @nestjs/swagger writes whatever version the document
 * declares, as JSON Schema 2020-12 says it in 3.1: `null` among the types (and the values, for an enum),
 * or, where the schema has no single type (a `$ref`, an `allOf`), as one alternative of `anyOf`.
 * A query parameter is never null (a query string holds text): `@IsOptional` there only means "may be
 * left out". Walks the whole document once, at start.
 */
export function nullableAsTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAsTypes);
  if (value === null || typeof value !== 'object') return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, nullableAsTypes(child)])) as Record<string, unknown>;
  if (object.in === 'query' && Array.isArray((object.schema as Record<string, unknown> | undefined)?.type)) {
    const schema = object.schema as Record<string, unknown[]>;
    return { ...object, schema: { ...schema, type: schema.type[0], ...(schema.enum ? { enum: schema.enum.filter((v) => v !== null) } : {}) } };
  }
  const { nullable, ...schema } = object;
  if (typeof nullable !== 'boolean') return object;
  if (!nullable) return schema;
  if (typeof schema.type === 'string') {
    const { enum: values, ...rest } = schema;
    return { ...rest, type: [schema.type, 'null'], ...(Array.isArray(values) ? { enum: [...values.filter((v) => v !== null), null] } : {}) };
  }
  return { anyOf: [schema, { type: 'null' }] };
}
