import 'reflect-metadata';
import { BadRequestException, Body as BodyParam, createParamDecorator, Param, Query as QueryParam } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { bindValidation, FolioValidationPipe, MAX_MESSAGES } from './validation';
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
  const error = await new FolioValidationPipe().transform(value, { type, metatype }).then(
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
    const error = await new FolioValidationPipe().transform(['1', '2'], { type: 'query', data: 'page', metatype: String }).catch((e: Error) => e);
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
