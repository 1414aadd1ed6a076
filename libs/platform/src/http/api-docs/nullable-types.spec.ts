import { nullableAsTypes } from './nullable-types';

describe('nullableAsTypes', () => {
  it('puts null among the types, and the values of an enum, once', () => {
    expect(nullableAsTypes({ type: 'string', nullable: true, maxLength: 5 })).toEqual({ type: ['string', 'null'], maxLength: 5 });
    expect(nullableAsTypes({ type: 'string', nullable: true, enum: ['a', null] })).toEqual({ type: ['string', 'null'], enum: ['a', null] });
  });

  it('makes a schema with no single type one alternative beside null', () => {
    expect(nullableAsTypes({ nullable: true, allOf: [{ $ref: '#/components/schemas/X' }] })).toEqual({
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/X' }] }, { type: 'null' }],
    });
  });

  it('drops nullable: false, and null from query parameters, at any depth', () => {
    const document = {
      paths: { '/x': { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', nullable: true } }] } } },
      components: { schemas: { A: { properties: { b: { type: 'string', nullable: false } } } } },
    };
    expect(nullableAsTypes(document)).toEqual({
      paths: { '/x': { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }] } } },
      components: { schemas: { A: { properties: { b: { type: 'string' } } } } },
    });
  });

  it('leaves a property named nullable alone', () => {
    const schema = { properties: { nullable: { type: 'boolean' } } };
    expect(nullableAsTypes(schema)).toEqual(schema);
  });
});
