import { SpecFormat, SpecProblem } from './spec-parse';
import { SpecLines } from './spec-lines';
import { readYaml } from './spec-yaml';

/** A spec's text read as data, with its lines placed on demand; or the problems that stop the reading. */
export type SpecText =
  | { format: SpecFormat; data: unknown; lines: () => SpecLines }
  | { format: SpecFormat; problems: SpecProblem[] };

/**
 * The document a spec's text holds: JSON when its first non-blank character is `{` (and then strict JSON,
 * read by JSON.parse, about 50 times faster than the YAML parser on a large document), YAML otherwise (see
 * spec-yaml.ts). The data is plain JSON, since the version stores it as canonical JSON.
 */
export function readSpecText(text: string): SpecText {
  const body = text.replace(/^\uFEFF/, '');
  return /^\s*\{/.test(body) ? readJson(body) : { format: 'yaml', ...readYaml(body) };
}

function readJson(text: string): SpecText {
  try {
    const data: unknown = JSON.parse(text);
    return { format: 'json', data, lines: SpecLines.lazy(text) };
  } catch (error) {
    // V8 words it "… in JSON at position 42".
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? lineAt(text, Number(position[1])) : undefined;
    return { format: 'json', problems: [{ code: 'invalid-syntax', message: `The document is not valid JSON: ${(error as Error).message}`, line }] };
  }
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
