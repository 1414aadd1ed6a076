import { Invalid } from '@folio/platform/domain/errors';
import { Variables } from './tree.model';

/** The spec's bound on a string variable's value. */
export const MAX_VARIABLE_STRING = 256;
/**
 * Variables a revision (or a page) holds. They live in the tree's root (or the page's node), which every read
 * of the tree decodes: the bound keeps that object a few tens of KB at most.
 */
export const MAX_VARIABLES = 500;
export const MAX_VARIABLE_NAME = 100;

/** Refuses variables the spec's Variables does not allow (and more than the bounds above). */
export function assertVariables(variables: Variables, of: string): void {
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) throw new Invalid(`${of}: variables must be an object`);
  const names = Object.keys(variables);
  if (names.length > MAX_VARIABLES) throw new Invalid(`${of}: at most ${MAX_VARIABLES} variables`);
  for (const name of names) {
    if (name.length === 0 || name.length > MAX_VARIABLE_NAME) throw new Invalid(`${of}: a variable's name has 1 to ${MAX_VARIABLE_NAME} characters`);
    const value: unknown = variables[name];
    const valid =
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= MAX_VARIABLE_STRING);
    if (!valid) throw new Invalid(`${of}: variable ${name} must be a boolean, a number or a string of at most ${MAX_VARIABLE_STRING} characters`);
  }
}
