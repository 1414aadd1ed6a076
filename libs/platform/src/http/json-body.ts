import { FastifyInstance } from 'fastify';

export const BODY_LIMIT = 1024 * 1024;

function badRequest(message: string) {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * JSON bodies as the house rules want them: an empty body is no body, malformed JSON is a 400, and a
 * body that is not an object (`null`, an array, a scalar) is a 400 too: no endpoint takes one.
 */
export function installJsonBodyParser(fastify: FastifyInstance) {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(;.*)?$/i,
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      const text = (body as string).trim();
      if (text === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        return done(badRequest(`Malformed JSON body: ${(error as Error).message}`), undefined);
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return done(badRequest('The body must be a JSON object'), undefined);
      }
      done(null, parsed);
    },
  );
}
