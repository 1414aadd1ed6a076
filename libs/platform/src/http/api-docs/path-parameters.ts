import { OpenAPIObject } from '@nestjs/swagger';

type Parameter = { name: string; in: string; required?: boolean; schema?: unknown; description?: string };

/**
 * Makes each operation declare exactly the parameters its path template names. @nestjs/swagger lists
 * only those the handler reads with `@Param`: a route that checks a parent id elsewhere (a reply under
 * `/comments/{commentId}`) or not at all would be invalid OpenAPI. Nest's trailing wildcard is read as
 * `@Param('*')` and templated as path-to-regexp names it, `{path}`: the parameter takes that name.
 */
export function declarePathParameters(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const named = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const operation of Object.values(item) as Array<{ parameters?: Parameter[] }>) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const parameters = operation.parameters ?? [];
      const wildcard = parameters.find((p) => p.in === 'path' && p.name === '*');
      if (wildcard) Object.assign(wildcard, { name: named[named.length - 1], description: 'The rest of the path, slashes included.' });
      const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
      const missing = named.filter((name) => !declared.has(name));
      operation.parameters = [...parameters, ...missing.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))];
    }
  }
}
