import 'reflect-metadata';
import { BadRequestException, Body as BodyParam, createParamDecorator, Param, Query as QueryParam } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Type as NestedType } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, registerDecorator, validate, ValidateNested, ValidationError, ValidatorOptions } from 'class-validator';
import { bindValidation, FolioValidationPipe, InputValidationPipe, MAX_MESSAGES } from './validation';
import { IsQueryInteger } from './validators';

class Body {
  @IsString()
  title!: string;
}

class Query {
  @IsOptional()
  @IsQueryInteger(1, 1000)
  limit?: number;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  status?: string[];
}

async function refusal(value: unknown, type: 'body' | 'query', metatype: new () => object): Promise<string> {
  const error = await Promise.resolve().then(() => new FolioValidationPipe().transform(value, { type, metatype })).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadRequestException);
  return (error as BadRequestException).message;
}

describe('the validation pipe', () => {
  it('refuses unknown body properties', async () => {
    expect(await refusal({ title: 'A', colour: 'red' }, 'body', Body)).toBe('property colour should not exist');
  });

  it(`lists at most ${MAX_MESSAGES} reasons`, async () => {
    const body = Object.fromEntries(Array.from({ length: MAX_MESSAGES + 10 }, (_, i) => [`k${i}`, 1]));
    const message = await refusal({ title: 'A', ...body }, 'body', Body);
    expect(message.split('; ')).toHaveLength(MAX_MESSAGES + 1);
    expect(message).toMatch(/; and 10 more$/);
  });

  it('drops unknown query parameters and converts known ones', async () => {
    const query = await new FolioValidationPipe().transform({ limit: '5', utm_source: ['a', 'b'] }, { type: 'query', metatype: Query });
    expect(query).toEqual({ limit: 5 });
  });

  it('refuses a single-valued query parameter given twice, but not a list one', async () => {
    expect(await refusal({ limit: ['1', '2'] }, 'query', Query)).toBe('limit must be given once');
    expect(await new FolioValidationPipe().transform({ status: ['a', 'b'] }, { type: 'query', metatype: Query })).toEqual({ status: ['a', 'b'] });
  });

  it('refuses a repeated parameter read alone (`@Query(name)`)', async () => {
    const error = await Promise.resolve().then(() => new FolioValidationPipe().transform(['1', '2'], { type: 'query', data: 'page', metatype: String })).catch((e: Error) => e);
    expect(error).toEqual(new BadRequestException('page must be given once'));
  });
});

describe('bindValidation', () => {
  const Custom = createParamDecorator(() => 'value');
  class Controller {
    update(@Custom() _caller: string, @Param('id') _id: string, @BodyParam() _body: Body, @QueryParam() _query: Query) {}
    get(@Param('id') _id: string) {}
  }
  const pipesOf = (method: string) =>
    Object.fromEntries(
      Object.entries(Reflect.getMetadata(ROUTE_ARGS_METADATA, Controller, method) as Record<string, { index: number; pipes: unknown[] }>)
        .map(([, arg]) => [arg.index, arg.pipes.map((p) => (p instanceof FolioValidationPipe ? 'validation' : p))]),
    );

  it('puts the pipe on bodies and query strings only, once however often it runs', () => {
    bindValidation([Controller]);
    bindValidation([Controller]);
    expect(pipesOf('update')).toEqual({ 0: [], 1: [], 2: ['validation'], 3: ['validation'] });
    expect(pipesOf('get')).toEqual({ 0: [] });
  });
});

describe('InputValidationPipe', () => {
  class Item {
    @IsInt()
    size!: number;
  }
  class Nested {
    @IsString()
    title!: string;

    @IsOptional()
    @IsArray()
    @IsString({ each: true })
    tags?: string[];

    @IsOptional()
    @ValidateNested({ each: true })
    @NestedType(() => Item)
    items?: Item[];

    @IsOptional()
    @ValidateNested()
    @NestedType(() => Item)
    main?: Item;
  }
  /** A rule that answers later, as a rule checking a store would. */
  class Later {
    @IsString()
    name!: string;
  }
  registerDecorator({
    name: 'answersLater',
    target: Later,
    propertyName: 'name',
    validator: { validate: (value: unknown) => Promise.resolve(value !== 'taken'), defaultMessage: () => 'name is taken' },
  });

  /** Nest's own `transform`, with class-validator's own `validate`: what the pipe answered before. */
  class NestsOwn extends InputValidationPipe {
    protected override validate(object: object, options: ValidatorOptions): Promise<ValidationError[]> {
      return validate(object, options);
    }
  }
  const outcome = async (answer: () => unknown) => {
    try {
      const value = (await answer()) as object;
      return { value, prototype: value === null || typeof value !== 'object' ? undefined : Object.getPrototypeOf(value) };
    } catch (error) {
      return { error: error instanceof BadRequestException ? error.getResponse() : error };
    }
  };
  const bodies: [string, () => unknown][] = [
    ['a valid body', () => ({ title: 'A', tags: ['x'], items: [{ size: 1 }], main: { size: 2 } })],
    ['an unknown property', () => ({ title: 'A', colour: 'red' })],
    ['bad nested values', () => ({ title: 3, tags: ['x', 4], items: [{ size: 'big' }, { size: 1, extra: true }], main: { size: 'no' } })],
    ['prototype keys', () => JSON.parse('{"title":"A","__proto__":{"polluted":true},"constructor":"x","prototype":1}')],
    ['a sparse array', () => ({ title: 'A', tags: [, 'b'] })],
    ['a binary value where an object is expected', () => ({ title: 'A', main: Buffer.from('x') })],
    ['an array', () => [{ title: 'A' }]],
    ['null', () => null],
    ['nothing', () => undefined],
    ['a string', () => 'A'],
    ['a binary value', () => Buffer.from('{}')],
  ];

  it.each(bodies)('answers %s as Nest\'s pipe does, refused or validated alike', async (_case, value) => {
    const mine = await outcome(() => new InputValidationPipe(true).input(value(), { type: 'body', metatype: Nested }));
    expect(mine).toEqual(await outcome(() => new NestsOwn(true).transform(value(), { type: 'body', metatype: Nested })));
  });

  it.each([
    ['known and unknown parameters', () => Object.assign(Object.create(null), { limit: '5', utm_source: 'x' })],
    ['a bad value', () => Object.assign(Object.create(null), { limit: 'abc' })],
    ['prototype keys', () => Object.assign(Object.create(null), { __proto__: 'x', constructor: 'y', prototype: 'z', status: ['a'] })],
    ['nothing at all', () => Object.create(null)],
  ])('answers a query string with %s as Nest\'s pipe does', async (_case, value) => {
    const mine = await outcome(() => new InputValidationPipe(false).input(value(), { type: 'query', metatype: Query }));
    expect(mine).toEqual(await outcome(() => new NestsOwn(false).transform(value(), { type: 'query', metatype: Query })));
  });

  it('answers at once when no rule is async', () => {
    const answer = new InputValidationPipe(true).input({ title: 'A' }, { type: 'body', metatype: Nested });
    expect(answer).toBeInstanceOf(Nested);
    expect(() => new InputValidationPipe(true).input({ title: 1 }, { type: 'body', metatype: Nested })).toThrow(new BadRequestException('title must be a string'));
  });

  it('waits for an async rule and refuses on its answer', async () => {
    const pipe = new InputValidationPipe(true);
    const refused = pipe.input({ name: 'taken' }, { type: 'body', metatype: Later });
    expect(refused).toBeInstanceOf(Promise);
    await expect(refused).rejects.toEqual(new BadRequestException('name is taken'));
    await expect(pipe.input({ name: 'free' }, { type: 'body', metatype: Later })).resolves.toEqual(Object.assign(new Later(), { name: 'free' }));
  });
});

describe('an empty query string', () => {
  // The module validation.ts requires: the same executor class, so a spy on it sees every class-validator run.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ValidationExecutor } = require('class-validator/cjs/validation/ValidationExecutor') as { ValidationExecutor: { prototype: { execute: () => void } } };
  const runs = jest.spyOn(ValidationExecutor.prototype, 'execute');
  beforeEach(() => runs.mockClear());
  const empty = () => Object.create(null) as object;
  const read = (pipe: InputValidationPipe, metatype: new () => object) => pipe.input(empty(), { type: 'query', metatype });

  class Paging {
    @IsOptional()
    @IsQueryInteger(1, 100)
    limit?: number;
  }

  it('is validated once per DTO, then answered with a fresh instance', () => {
    const pipe = new InputValidationPipe(false);
    const first = read(pipe, Paging);
    const second = read(pipe, Paging);
    expect(runs).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(second).toBeInstanceOf(Paging);
    expect(second).not.toBe(first);
  });

  it('is refused every time where the DTO refuses it, whatever another DTO answered', () => {
    class Required {
      @IsString()
      q!: string;
    }
    const pipe = new InputValidationPipe(false);
    read(pipe, Paging);
    for (let i = 0; i < 2; i++) expect(() => read(pipe, Required)).toThrow(new BadRequestException('q must be a string'));
    expect(runs).toHaveBeenCalledTimes(3);
  });

  it('is validated every time where whitelisting removes something from it', () => {
    class Undecorated {
      @IsOptional()
      @IsString()
      q?: string;

      note?: string;
    }
    const pipe = new InputValidationPipe(false);
    expect(read(pipe, Undecorated)).not.toHaveProperty('note');
    expect(read(pipe, Undecorated)).not.toHaveProperty('note');
    expect(runs).toHaveBeenCalledTimes(2);
  });

  it('is validated again once a rule is added: a rule decorated later refuses it', () => {
    class Grows {
      @IsOptional()
      @IsString()
      q?: string;

      since?: string;
    }
    const pipe = new InputValidationPipe(false);
    read(pipe, Grows);
    read(pipe, Grows);
    IsDefined()(Grows.prototype, 'since');
    expect(() => read(pipe, Grows)).toThrow(new BadRequestException('since should not be null or undefined'));
  });
});
