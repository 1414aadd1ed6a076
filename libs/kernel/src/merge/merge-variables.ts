import { Variables } from '../tree/tree.model';
import { VariableConflict } from './merge-conflicts';
import { CONFLICT, mergeValue } from './three-way';

/**
 * The revision's variables merged name by name: a variable set (or removed) on one side takes that side, set
 * alike on both is that value, set differently on both (or removed on one and changed on the other) is a
 * conflict, as a page field both sides changed is: a variable is a value readers see on every page that
 * names it, and a writer must choose, not the last side to merge.
 */
export function mergeVariables(base: Variables, main: Variables, changeRequest: Variables): { variables: Variables; conflicts: VariableConflict[] } {
  const variables: Variables = {};
  const conflicts: VariableConflict[] = [];
  const valueOf = (side: Variables, name: string) => (Object.hasOwn(side, name) ? side[name] : undefined);
  const names = new Set([...Object.keys(base), ...Object.keys(main), ...Object.keys(changeRequest)]);
  for (const name of [...names].sort()) {
    const values = [base, main, changeRequest].map((side) => valueOf(side, name));
    const value = mergeValue(values[0], values[1], values[2]);
    if (value === CONFLICT) conflicts.push({ variable: name, kind: 'variable', base: values[0] ?? null, main: values[1] ?? null, changeRequest: values[2] ?? null });
    // defineProperty, not assignment: a variable named __proto__ is a variable like any other.
    else if (value !== undefined) Object.defineProperty(variables, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return { variables, conflicts };
}
