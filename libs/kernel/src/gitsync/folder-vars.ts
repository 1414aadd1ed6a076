import { Invalid } from '@folio/platform/domain/errors';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { Variables } from '../tree/tree.model';

/** The spec's VariableValue: a string of at most 256 characters, a number or a boolean. */
const MAX_STRING_VALUE = 256;
/** More names than any space has: a bound on what a hostile file makes the import hold. */
export const MAX_VARIABLES = 1000;

/** `.gitbook/vars.yaml` (name: value) as the revision's variables; Invalid for a value the spec does not allow. */
export function readVars(text: string): Variables {
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new Invalid(`.gitbook/vars.yaml is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Invalid('.gitbook/vars.yaml is not a mapping of names to values');
  const entries = Object.entries(value);
  if (entries.length > MAX_VARIABLES) throw new Invalid(`.gitbook/vars.yaml has more than ${MAX_VARIABLES} variables`);
  const vars: Variables = {};
  for (const [name, field] of entries) {
    const ok = typeof field === 'number' ? Number.isFinite(field) : typeof field === 'boolean' || (typeof field === 'string' && field.length <= MAX_STRING_VALUE);
    if (!ok) throw new Invalid(`.gitbook/vars.yaml: ${JSON.stringify(name)} is not a string of at most ${MAX_STRING_VALUE} characters, a number or a boolean`);
    // defineProperty: a name such as `__proto__` stays a variable, never the object's prototype.
    Object.defineProperty(vars, name, { value: field, enumerable: true, writable: true, configurable: true });
  }
  return vars;
}

/** The revision's variables as `.gitbook/vars.yaml`, names sorted (a stable file); undefined when there are none. */
export function writeVars(vars: Variables): string | undefined {
  const names = Object.keys(vars).sort();
  if (names.length === 0) return undefined;
  const sorted: Variables = {};
  for (const name of names) Object.defineProperty(sorted, name, { value: vars[name], enumerable: true, writable: true, configurable: true });
  return stringifyYaml(sorted);
}
