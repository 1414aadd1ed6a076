import { MAX_REPORTED_PROBLEMS, SpecFormat, SpecParse, SpecProblem } from './spec-parse';
import { SpecLines } from './spec-lines';
import { readSpecText } from './spec-text';
import { refProblems } from './spec-refs';
import { validationProblems } from './spec-validation';

/**
 * An OpenAPI document's text parsed and validated (see SpecParse): read as JSON or YAML, its version
 * checked (Swagger 2.0, OpenAPI 3.0.x or 3.1.x), its `$ref`s checked to be local and to resolve, then
 * validated by @readme/openapi-parser. Pure: nothing is fetched or read. Work that grows with the text:
 * SpecParsing runs it in a worker thread.
 */
export async function parseSpec(text: string): Promise<SpecParse> {
  const read = readSpecText(text);
  if ('problems' in read) return placed(read.format, read.problems);
  const { format, data } = read;
  const declared = declaredVersion(data);
  if (typeof declared !== 'string') return placed(format, [declared], read.lines);
  const document = data as Record<string, unknown>;
  const unresolved = refProblems(document);
  if (unresolved.length) return placed(format, unresolved, read.lines);
  const invalid = await validationProblems(document, declared);
  if (invalid.length) return placed(format, invalid, read.lines);
  return { ok: true, format, openapiVersion: declared, document };
}

const OPENAPI_VERSION = /^3\.[01]\.\d+(-[0-9A-Za-z.-]+)?$/;

/** The version the document declares, if one Folio reads; else the problem saying what it found. */
function declaredVersion(data: unknown): string | SpecProblem {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { code: 'not-openapi', message: `The document is ${Array.isArray(data) ? 'a list' : data === null ? 'null' : `a ${typeof data}`}, not an OpenAPI object` };
  }
  const own = (key: string) => (Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined);
  const swagger = own('swagger');
  const openapi = own('openapi');
  if (swagger !== undefined) {
    if (swagger === '2.0') return swagger;
    return { code: 'unsupported-version', message: `The document declares swagger ${shown(swagger)}: the only Swagger version read is "2.0"`, path: '/swagger' };
  }
  if (openapi !== undefined) {
    if (typeof openapi === 'string' && OPENAPI_VERSION.test(openapi)) return openapi;
    return { code: 'unsupported-version', message: `The document declares openapi ${shown(openapi)}: the versions read are 3.0.x and 3.1.x (and Swagger "2.0")`, path: '/openapi' };
  }
  const keys = Object.keys(data).slice(0, 5).map(shown).join(', ');
  return { code: 'not-openapi', message: `The document declares neither openapi (3.0.x, 3.1.x) nor swagger ("2.0"): its first fields are ${keys || 'none'}` };
}

/** A value as a message quotes it, cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The problems kept (see MAX_REPORTED_PROBLEMS), each with the line of its path where it has none and the text's lines are known. */
function placed(format: SpecFormat | null, problems: SpecProblem[], lines?: () => SpecLines): SpecParse {
  const kept = problems.slice(0, MAX_REPORTED_PROBLEMS).map((problem) => {
    if (!lines || problem.line !== undefined || problem.path === undefined) return problem;
    const line = lines().lineOf(problem.path);
    return line === undefined ? problem : { ...problem, line };
  });
  return { ok: false, format, errors: kept, errorCount: problems.length };
}
