import jsep from 'jsep';
import { CompiledExpression, compileExpression, evaluateExpression } from '@folio/platform/domain/custom-expression';
import { Invalid } from '@folio/platform/domain/errors';
import { claimsOf } from './adaptive-schema';
import { AdaptiveSchema } from './adaptive-schema.events';

/**
 * Adaptive-content conditions (`visitor.claims.beta && !visitor.claims.unsigned.trial`): the platform's
 * whitelisting expression interpreter with one name, `visitor`, and every member path rooted there
 * checked against the site's adaptive schema. Pure.
 */

const SHAPE = 'conditions read visitor.claims.<claim> or visitor.claims.unsigned.<claim>';

type Claims = { signed: ReadonlySet<string>; unsigned: ReadonlySet<string> };

/** The property names of `a.b.c` from the root, and its root; Invalid for computed access (`a[b]`). */
function memberPath(node: jsep.MemberExpression): { root: jsep.Expression; names: string[] } {
  const names: string[] = [];
  let at: jsep.Expression = node;
  while (at.type === 'MemberExpression') {
    const member = at as jsep.MemberExpression;
    if (member.computed) throw new Invalid(`condition: computed access ([…]) is not allowed; ${SHAPE}`);
    names.unshift((member.property as jsep.Identifier).name);
    at = member.object;
  }
  return { root: at, names };
}

/** A member path must name one claim of the schema, signed or unsigned. */
function checkPath(node: jsep.MemberExpression, claims: Claims): void {
  const { root, names } = memberPath(node);
  if (root.type !== 'Identifier') throw new Invalid(`condition: only the visitor's claims may be read; ${SHAPE}`);
  const path = ['visitor', ...names].join('.');
  const [first, second, third, ...rest] = names;
  if (first !== 'claims' || second === undefined || rest.length > 0) throw new Invalid(`condition: ${path} is not a claim; ${SHAPE}`);
  if (second === 'unsigned') {
    if (third === undefined) throw new Invalid(`condition: ${path} is the unsigned claims, not a claim; ${SHAPE}`);
    if (!claims.unsigned.has(third)) throw new Invalid(`condition: unknown claim "unsigned.${third}": the site's adaptive schema has no unsigned claim "${third}"`);
    return;
  }
  if (third !== undefined) throw new Invalid(`condition: ${path} is not a claim; ${SHAPE}`);
  if (!claims.signed.has(second)) throw new Invalid(`condition: unknown claim "${second}": the site's adaptive schema has no claim "${second}"`);
}

/**
 * Walks a tree compileExpression accepted (so its depth and size are bounded): every read is a claim
 * path; calls are checked on their receiver and argument (the method was whitelisted).
 */
function checkNode(node: jsep.Expression, claims: Claims): void {
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier':
      throw new Invalid(`condition: "visitor" alone is not a claim; ${SHAPE}`);
    case 'MemberExpression':
      return checkPath(node as jsep.MemberExpression, claims);
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      checkNode((call.callee as jsep.MemberExpression).object, claims);
      return call.arguments.forEach((a) => checkNode(a, claims));
    }
    case 'UnaryExpression':
      return checkNode((node as jsep.UnaryExpression).argument, claims);
    case 'BinaryExpression': {
      const { left, right } = node as jsep.BinaryExpression;
      checkNode(left, claims);
      return checkNode(right, claims);
    }
    case 'ConditionalExpression': {
      const { test, consequent, alternate } = node as jsep.ConditionalExpression;
      [test, consequent, alternate].forEach((n) => checkNode(n, claims));
      return;
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.forEach((e) => checkNode(e as jsep.Expression, claims));
    default:
      // compileExpression admits nothing else.
      throw new Invalid(`condition: ${node.type} is not allowed`);
  }
}

/**
 * Parses and checks a condition against a site's adaptive schema: the interpreter's whitelist and bounds
 * (1,024 characters, depth, size; no `constructor`, `__proto__`, `prototype`), the one name `visitor`,
 * and every read a claim the schema declares. Throws Invalid naming what is wrong.
 */
export function compileCondition(source: string, schema: AdaptiveSchema): CompiledExpression {
  let compiled: CompiledExpression;
  try {
    compiled = compileExpression(source, ['visitor']);
  } catch (error) {
    if (error instanceof Invalid) throw new Invalid(`condition: ${error.message}`);
    throw error;
  }
  const { signed, unsigned } = claimsOf(schema);
  checkNode(compiled.ast, { signed: new Set(signed.map(([name]) => name)), unsigned: new Set(unsigned.map(([name]) => name)) });
  return compiled;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a visitor with these claims sees what the condition guards: the truthiness of its value, with
 * `visitor.claims` the claims and `visitor.claims.unsigned` their `unsigned` object (empty when absent).
 * A missing claim is `undefined`. A condition that cannot be evaluated on these claims (`<` between a
 * boolean and a number, the step budget) is false: content is hidden rather than shown by mistake.
 */
export function evaluateCondition(compiled: CompiledExpression, claims: Record<string, unknown>): boolean {
  const unsigned = isRecord(claims.unsigned) ? claims.unsigned : {};
  const scope = { visitor: { claims: { ...claims, unsigned } } };
  try {
    return Boolean(evaluateExpression(compiled, scope));
  } catch (error) {
    if (error instanceof Invalid) return false;
    throw error;
  }
}
