import jsep from 'jsep';
import { Invalid } from './errors';

/**
 * The expression language of `custom` merge rules: parsed by jsep, checked against a whitelist once,
 * then walked by a small interpreter over plain data. It lives beside the merge-rules value type
 * because organizations (identity) and spaces (content) both validate it; the evaluation of rules is
 * content's. Nothing here compiles or runs code: no `eval`, no function constructor, no `vm`.
 */

/**
 * Bounds: the spec's `Expression` holds at most 1,024 characters. Depth 64 (as request bodies) admits
 * a chain of 63 conditions joined by `&&`, each one level deeper, and keeps the recursive evaluation
 * shallow; 256 parts and 10,000 steps keep a check or an evaluation well under a millisecond.
 */
export const EXPRESSION_LIMITS = { length: 1024, depth: 64, nodes: 256, steps: 10_000 } as const;

/** What an expression may name: the spec's MergeRulesEvaluationContext. */
export const MERGE_RULES_CONTEXT_NAMES = ['space', 'changeRequest', 'reviews', 'actor'] as const;

/** Names that lead into an object's prototype, refused wherever a property is named. */
const FORBIDDEN_PROPERTIES = new Set(['__proto__', 'constructor', 'prototype']);
const BINARY_OPERATORS = new Set(['==', '===', '!=', '!==', '<', '<=', '>', '>=', '&&', '||']);
const UNARY_OPERATORS = new Set(['!', '-']);
const METHODS = new Set(['includes', 'startsWith', 'endsWith']);

/** A tree that passed the whitelist: the only thing evaluateExpression takes. */
export interface CompiledExpression {
  readonly ast: jsep.Expression;
}

/**
 * Parses and checks an expression: only literals, the given names, member access, `!`, unary `-`,
 * comparisons, `&&`, `||`, `?:`, array literals and the calls `x.includes(y)`, `s.startsWith(y)`,
 * `s.endsWith(y)`. Throws Invalid naming what is wrong.
 */
export function compileExpression(source: string, names: readonly string[]): CompiledExpression {
  if (source.length > EXPRESSION_LIMITS.length) throw new Invalid(`expression is longer than ${EXPRESSION_LIMITS.length} characters`);
  let ast: jsep.Expression;
  try {
    ast = jsep(source);
  } catch (error) {
    throw new Invalid(`expression does not parse: ${(error as Error).message}`);
  }
  if (ast.type === 'Compound' && (ast as jsep.Compound).body.length === 0) throw new Invalid('expression is empty');
  check(ast, new Set(names));
  return { ast };
}

/** The message that refuses an expression for a `custom` merge rule, or null when it is acceptable. */
export function validateCustomExpression(source: string): string | null {
  try {
    compileExpression(source, MERGE_RULES_CONTEXT_NAMES);
    return null;
  } catch (error) {
    if (error instanceof Invalid) return error.message;
    throw error;
  }
}

/** Walks the tree without recursion (its depth is what is being checked), refusing anything not whitelisted. */
function check(root: jsep.Expression, names: ReadonlySet<string>): void {
  const pending: { node: jsep.Expression; depth: number }[] = [{ node: root, depth: 1 }];
  let count = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (++count > EXPRESSION_LIMITS.nodes) throw new Invalid(`expression has more than ${EXPRESSION_LIMITS.nodes} parts`);
    if (depth > EXPRESSION_LIMITS.depth) throw new Invalid(`expression nests deeper than ${EXPRESSION_LIMITS.depth} levels`);
    const children = childrenOf(node, names);
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
}

/** The sub-expressions of an allowed node; throws Invalid for a node that is not allowed. */
function childrenOf(node: jsep.Expression, names: ReadonlySet<string>): jsep.Expression[] {
  switch (node.type) {
    case 'Literal': {
      const { value } = node as jsep.Literal;
      if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) throw new Invalid(`literal ${(node as jsep.Literal).raw} is not allowed`);
      return [];
    }
    case 'Identifier': {
      const { name } = node as jsep.Identifier;
      if (!names.has(name)) throw new Invalid(`unknown name "${name}" (known: ${[...names].join(', ')})`);
      return [];
    }
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      if (!member.computed) {
        propertyName(member);
        return [member.object];
      }
      const { property } = member;
      if (property.type === 'Literal' && FORBIDDEN_PROPERTIES.has(String((property as jsep.Literal).value))) {
        throw new Invalid(`property "${(property as jsep.Literal).value}" is not allowed`);
      }
      return [member.object, property];
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee as jsep.MemberExpression;
      if (callee.type !== 'MemberExpression' || callee.computed || !METHODS.has(propertyName(callee))) {
        throw new Invalid(`only the methods ${[...METHODS].join(', ')} may be called`);
      }
      if (call.arguments.length !== 1) throw new Invalid(`${propertyName(callee)} takes one argument`);
      return [callee.object, call.arguments[0]];
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!UNARY_OPERATORS.has(unary.operator)) throw new Invalid(`operator ${unary.operator} is not allowed`);
      return [unary.argument];
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!BINARY_OPERATORS.has(binary.operator)) throw new Invalid(`operator ${binary.operator} is not allowed`);
      return [binary.left, binary.right];
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return [conditional.test, conditional.consequent, conditional.alternate];
    }
    case 'ArrayExpression': {
      const { elements } = node as jsep.ArrayExpression;
      if (elements.some((e) => e === null)) throw new Invalid('array literals may not have holes');
      return elements as jsep.Expression[];
    }
    case 'ThisExpression':
      throw new Invalid('"this" is not allowed');
    case 'Compound':
    case 'SequenceExpression':
      throw new Invalid('expression must be a single expression');
    default:
      throw new Invalid(`${node.type} is not allowed`);
  }
}

/** The name in `x.name`, refused when it leads into a prototype. */
function propertyName(member: jsep.MemberExpression): string {
  const { property } = member;
  if (property.type !== 'Identifier') throw new Invalid('a property after "." must be a name');
  const { name } = property as jsep.Identifier;
  if (FORBIDDEN_PROPERTIES.has(name)) throw new Invalid(`property "${name}" is not allowed`);
  return name;
}

/** Marks an optional chain (`a?.b.c`) cut short by a null or undefined `a`: the whole chain is undefined. */
const SHORT_CIRCUIT: unique symbol = Symbol('short-circuit');

/**
 * Evaluates a compiled expression over `scope`, plain data (JSON values). Names and properties are
 * read from own data properties only, never through a prototype or a getter. Throws Invalid when the
 * expression cannot be evaluated on this data (a property of `undefined`, `<` between a number and a
 * string, a method on the wrong kind of value) or takes more than the step budget.
 */
export function evaluateExpression(compiled: CompiledExpression, scope: object): unknown {
  let steps = 0;
  const step = () => {
    if (++steps > EXPRESSION_LIMITS.steps) throw new Invalid(`expression takes more than ${EXPRESSION_LIMITS.steps} steps`);
  };

  const value = (node: jsep.Expression): unknown => {
    const result = chain(node);
    return result === SHORT_CIRCUIT ? undefined : result;
  };

  const chain = (node: jsep.Expression): unknown => {
    step();
    switch (node.type) {
      case 'Literal':
        return (node as jsep.Literal).value;
      case 'Identifier':
        return ownValue(scope, (node as jsep.Identifier).name);
      case 'MemberExpression': {
        const member = node as jsep.MemberExpression;
        const object = chain(member.object);
        if (object === SHORT_CIRCUIT) return SHORT_CIRCUIT;
        const key = member.computed ? value(member.property) : (member.property as jsep.Identifier).name;
        if (object === null || object === undefined) {
          if (member.optional) return SHORT_CIRCUIT;
          throw new Invalid(`cannot read ${JSON.stringify(key)} of ${object}`);
        }
        return property(object, key);
      }
      case 'CallExpression': {
        const call = node as jsep.CallExpression;
        const callee = call.callee as jsep.MemberExpression;
        const receiver = chain(callee.object);
        if (receiver === SHORT_CIRCUIT) return SHORT_CIRCUIT;
        const method = (callee.property as jsep.Identifier).name;
        if (receiver === null || receiver === undefined) {
          if (callee.optional) return SHORT_CIRCUIT;
          throw new Invalid(`cannot call ${method} on ${receiver}`);
        }
        return callMethod(receiver, method, value(call.arguments[0]), step);
      }
      case 'UnaryExpression': {
        const { operator, argument } = node as jsep.UnaryExpression;
        const operand = value(argument);
        if (operator === '!') return !operand;
        if (typeof operand !== 'number') throw new Invalid(`unary - needs a number, not ${kindOf(operand)}`);
        return -operand;
      }
      case 'BinaryExpression':
        return binary(node as jsep.BinaryExpression);
      case 'ConditionalExpression': {
        const { test, consequent, alternate } = node as jsep.ConditionalExpression;
        return value(test) ? value(consequent) : value(alternate);
      }
      case 'ArrayExpression':
        return (node as jsep.ArrayExpression).elements.map((e) => value(e as jsep.Expression));
      default:
        // compileExpression admits nothing else; a tree built another way is refused, not guessed at.
        throw new Invalid(`${node.type} is not allowed`);
    }
  };

  const binary = ({ operator, left, right }: jsep.BinaryExpression): unknown => {
    const a = value(left);
    if (operator === '&&') return a ? value(right) : a;
    if (operator === '||') return a ? a : value(right);
    const b = value(right);
    switch (operator) {
      case '===':
        return a === b;
      case '!==':
        return a !== b;
      case '==':
        return looselyEqual(a, b);
      case '!=':
        return !looselyEqual(a, b);
      default:
        return compare(operator, a, b);
    }
  };

  return value(compiled.ast);
}

/** `==` without JavaScript's coercions: strict equality, except that null and undefined equal each other. */
function looselyEqual(a: unknown, b: unknown): boolean {
  return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
}

/** `<`, `<=`, `>`, `>=` between two numbers or two strings (ISO timestamps compare as strings); nothing else. */
function compare(operator: string, a: unknown, b: unknown): boolean {
  const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!comparable) throw new Invalid(`${operator} compares two numbers or two strings, not ${kindOf(a)} and ${kindOf(b)}`);
  const [x, y] = [a as number | string, b as number | string];
  switch (operator) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

/** `length` of arrays and strings, array items by index, and own data properties of objects. */
function property(object: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && typeof key !== 'number') throw new Invalid(`a property name must be a string or a number, not ${kindOf(key)}`);
  const name = String(key);
  if (FORBIDDEN_PROPERTIES.has(name)) throw new Invalid(`property "${name}" is not allowed`);
  if (typeof object === 'string') {
    if (name === 'length') return object.length;
    throw new Invalid(`strings have only a length, not "${name}"`);
  }
  if (Array.isArray(object)) {
    if (name === 'length') return object.length;
    if (!/^(0|[1-9]\d*)$/.test(name)) throw new Invalid(`arrays have only a length and items by index, not "${name}"`);
    return ownValue(object, name);
  }
  if (typeof object !== 'object' || object === null) throw new Invalid(`cannot read "${name}" of ${kindOf(object)}`);
  return ownValue(object, name);
}

/** An own data property's value, or undefined; a getter is never run. */
function ownValue(object: object, name: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(object, name);
  if (!descriptor) return undefined;
  if (!('value' in descriptor)) throw new Invalid(`"${name}" is not a data property`);
  if (typeof descriptor.value === 'function') throw new Invalid(`"${name}" is not data`);
  return descriptor.value;
}

function callMethod(receiver: unknown, method: string, argument: unknown, step: () => void): boolean {
  if (Array.isArray(receiver) && method === 'includes') {
    // Each item compared is a step: a long array costs what it costs, within the budget.
    return receiver.some((item) => (step(), item === argument));
  }
  if (typeof receiver === 'string') {
    if (typeof argument !== 'string') throw new Invalid(`${method} on a string needs a string, not ${kindOf(argument)}`);
    if (method === 'includes') return receiver.includes(argument);
    if (method === 'startsWith') return receiver.startsWith(argument);
    if (method === 'endsWith') return receiver.endsWith(argument);
  }
  throw new Invalid(`${kindOf(receiver)} has no method ${method}`);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value;
}
