import { Invalid } from '@folio/platform/domain/errors';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { Variables } from '../tree/tree.model';
import { assertVariables } from '../tree/variables';
import { VARS_FILE } from './folder-layout';

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
  const vars: Variables = {};
  // defineProperty: a name such as `__proto__` stays a variable, never the object's prototype.
  for (const [name, field] of Object.entries(value)) Object.defineProperty(vars, name, { value: field, enumerable: true, writable: true, configurable: true });
  assertVariables(vars, VARS_FILE);
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
