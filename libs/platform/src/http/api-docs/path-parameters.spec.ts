import { OpenAPIObject } from '@nestjs/swagger';
import { declarePathParameters } from './path-parameters';

const stringParameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

describe('declarePathParameters', () => {
  it('declares the template parameters a handler does not read, and keeps the others', () => {
    const document = {
      paths: {
        '/spaces/{spaceId}/comments/{commentId}': {
          get: { responses: {}, parameters: [stringParameter('commentId'), { name: 'page', in: 'query' }] },
        },
      },
    } as unknown as OpenAPIObject;
    declarePathParameters(document);
    expect(document.paths['/spaces/{spaceId}/comments/{commentId}'].get!.parameters).toEqual([
      stringParameter('commentId'),
      { name: 'page', in: 'query' },
      stringParameter('spaceId'),
    ]);
  });

  it("names the wildcard parameter after the template's last parameter", () => {
    const document = {
      paths: { '/content/path/{path}': { get: { responses: {}, parameters: [{ name: '*', in: 'path', required: true, schema: { type: 'string' } }] } } },
    } as unknown as OpenAPIObject;
    declarePathParameters(document);
    expect(document.paths['/content/path/{path}'].get!.parameters).toEqual([
      expect.objectContaining({ name: 'path', in: 'path', required: true, description: expect.any(String) }),
    ]);
  });
});
