import {
  compileExpression,
  evaluateExpression,
  EXPRESSION_LIMITS,
  MERGE_RULES_CONTEXT_NAMES,
  validateCustomExpression,
} from './custom-expression';
import { Invalid } from './errors';

/** A MergeRulesEvaluationContext as JSON gives it: what the merge handler hands to expressions. */
const context = () =>
  JSON.parse(
    JSON.stringify({
      space: { id: 'sp1', title: 'Handbook', visibility: 'private', editMode: 'live', changeRequests: 3 },
      changeRequest: {
        id: 'cr1',
        number: 7,
        subject: 'Fix: install steps',
        status: 'open',
        outdated: false,
        createdBy: { id: 'ann', displayName: 'Ann' },
        createdAt: '2026-03-01T09:00:00.000Z',
        labels: ['docs', 'urgent'],
      },
      reviews: [
        { id: 'r1', status: 'approved', outdated: false, reviewer: { id: 'bob', displayName: 'Bob' } },
        { id: 'r2', status: 'changes-requested', outdated: true, reviewer: { id: 'cat', displayName: 'Cat' } },
      ],
      actor: { id: 'bob', displayName: 'Bob', email: 'bob@acme.io' },
    }),
  );

const run = (source: string, scope: object = context()) => evaluateExpression(compileExpression(source, MERGE_RULES_CONTEXT_NAMES), scope);

describe('custom expressions', () => {
  it.each<[string, unknown]>([
    ['true', true],
    ['changeRequest.missing == null', true],
    ['changeRequest.missing === null', false],
    ['changeRequest.number', 7],
    ['-changeRequest.number < 0', true],
    ['changeRequest.number >= 7 && changeRequest.number <= 7', true],
    ['changeRequest.number > 7 || space.changeRequests < 4', true],
    ["changeRequest['subject']", 'Fix: install steps'],
    ["changeRequest.subject.startsWith('Fix:')", true],
    ["changeRequest.subject.endsWith('steps')", true],
    ["changeRequest.subject.includes('install')", true],
    ['changeRequest.subject.length', 18],
    ["changeRequest.labels.includes('urgent')", true],
    ["['bob', 'dan'].includes(actor.id)", true],
    ['reviews.length', 2],
    ['reviews[0].reviewer.id == actor.id', true],
    ["reviews[1].status === 'approved'", false],
    ['reviews[5]', undefined],
    ['reviews[5]?.status', undefined],
    ['changeRequest.mergedBy?.id', undefined],
    ['changeRequest.mergedBy?.id.length', undefined],
    ['changeRequest.mergedBy?.id.includes("x")', undefined],
    ['!changeRequest.outdated', true],
    ['!!space.title', true],
    ["space.visibility == 'public' ? false : true", true],
    ["changeRequest.createdAt < '2026-04-01T00:00:00.000Z'", true],
    ['changeRequest.createdBy.id !== actor.id', true],
    ['changeRequest.subject && changeRequest.number', 7],
    ['changeRequest.outdated || "fallback"', 'fallback'],
  ])('%s → %p', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['', 'expression is empty'],
    ['changeRequest.', 'does not parse'],
    ['a +', 'does not parse'],
    ['foo', 'unknown name "foo"'],
    ['constructor', 'unknown name "constructor"'],
    ['__proto__', 'unknown name "__proto__"'],
    ['toString', 'unknown name "toString"'],
    ['hasOwnProperty', 'unknown name "hasOwnProperty"'],
    ['globalThis', 'unknown name "globalThis"'],
    ['process.exit(1)', 'only the methods'],
    ['this', '"this" is not allowed'],
    ['this.space', '"this" is not allowed'],
    ['space.constructor', 'property "constructor" is not allowed'],
    ['space.__proto__', 'property "__proto__" is not allowed'],
    ["space['__proto__']", 'property "__proto__" is not allowed'],
    ["space['constructor']['constructor']('return process')()", 'only the methods'],
    ['reviews.constructor.prototype', 'property "prototype" is not allowed'],
    ['space.title.toString()', 'only the methods'],
    ['reviews.map(x)', 'only the methods'],
    ['actor.id.includes()', 'includes takes one argument'],
    ["actor.id.includes('a', 'b')", 'includes takes one argument'],
    ["actor['includes'](1)", 'only the methods'],
    ['space.title + 1', 'operator + is not allowed'],
    ['space.title ?? 1', 'operator ?? is not allowed'],
    ['changeRequest.number * 2', 'operator * is not allowed'],
    ['changeRequest.number | 0', 'operator | is not allowed'],
    ['~changeRequest.number', 'operator ~ is not allowed'],
    ['+changeRequest.number', 'operator + is not allowed'],
    ['space = 1', 'does not parse'],
    ['x => true', 'does not parse'],
    ['new Function("x")', 'single expression'],
    ['space; actor', 'single expression'],
    ['(space, actor)', 'single expression'],
    ['[1,,2]', 'holes'],
    ['`x`', 'does not parse'],
    ['/x/.test(actor.id)', 'does not parse'],
    ['space.1', 'does not parse'],
  ])('refuses %p when it is written (%s)', (source, message) => {
    expect(() => compileExpression(source, MERGE_RULES_CONTEXT_NAMES)).toThrow(Invalid);
    expect(validateCustomExpression(source)).toContain(message);
  });

  it('accepts a good expression at write time', () => {
    expect(validateCustomExpression("reviews.length > 0 && !changeRequest.outdated && actor.id != changeRequest.createdBy.id")).toBeNull();
  });

  it.each<[string, string]>([
    ['changeRequest.mergedBy.id', 'cannot read "id" of undefined'],
    ['actor.id < 3', 'compares two numbers or two strings'],
    ['-actor.id', 'unary - needs a number'],
    ['space.title.foo', 'strings have only a length'],
    ['reviews.foo', 'arrays have only a length and items by index'],
    ['changeRequest.number.x', 'cannot read "x" of number'],
    ['space[reviews]', 'property name must be a string or a number'],
    ["changeRequest.number.includes('7')", 'number has no method includes'],
    ["reviews.startsWith('x')", 'an array has no method startsWith'],
    ['actor.id.startsWith(1)', 'needs a string, not number'],
    ['changeRequest.mergedBy.includes(1)', 'cannot call includes on undefined'],
  ])('fails on data it cannot read: %s', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });

  describe('stays inside the data it is given', () => {
    it('reads a `__proto__` key that JSON made an own property as refused, not as data', () => {
      const scope = JSON.parse('{"space": {"__proto__": {"admin": true}}, "changeRequest": {}, "reviews": [], "actor": {}}');
      expect(() => run("space['__proto__'].admin", scope)).toThrow('not allowed');
      const key = JSON.parse('{"space": {"k": "__proto__"}, "changeRequest": {}, "reviews": [], "actor": {}}');
      expect(() => run('space[space.k]', key)).toThrow('property "__proto__" is not allowed');
      expect(() => run("space['const' + 'ructor']", key)).toThrow(Invalid);
    });

    it('never walks a prototype: inherited and polluted properties are undefined', () => {
      const polluted = Object.create({ admin: true, title: 'inherited' });
      expect(run('space.admin', { ...context(), space: polluted })).toBeUndefined();
      expect(run("space['title']", { ...context(), space: polluted })).toBeUndefined();
      expect(run('space.hasOwnProperty', context())).toBeUndefined();
      expect(run('space.toString', context())).toBeUndefined();
      expect(() => run("reviews['map']", context())).toThrow('arrays have only');
      expect(run('space', Object.create({ space: 1 }))).toBeUndefined();
    });

    it('neither runs getters nor hands out functions', () => {
      let ran = false;
      const space = Object.defineProperty({}, 'secret', { enumerable: true, get: () => ((ran = true), 'x') });
      expect(() => run('space.secret', { ...context(), space })).toThrow('not a data property');
      expect(ran).toBe(false);
      expect(() => run('space.fn', { ...context(), space: { fn: () => 1 } })).toThrow('"fn" is not data');
    });

    it('leaves Object.prototype as it was', () => {
      for (const source of ["space['__proto__']", 'space.constructor', "reviews[0]['constructor']"]) {
        expect(() => run(source)).toThrow(Invalid);
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  describe('limits', () => {
    it(`refuses an expression longer than ${EXPRESSION_LIMITS.length} characters`, () => {
      const long = `actor.id == '${'x'.repeat(EXPRESSION_LIMITS.length)}'`;
      expect(() => compileExpression(long, MERGE_RULES_CONTEXT_NAMES)).toThrow(new Invalid(`expression is longer than ${EXPRESSION_LIMITS.length} characters`));
      expect(() => compileExpression('x'.repeat(100_000), MERGE_RULES_CONTEXT_NAMES)).toThrow(Invalid);
    });

    it.each([
      ['unary operators', `${'!'.repeat(EXPRESSION_LIMITS.depth)}true`],
      ['arrays', `${'['.repeat(EXPRESSION_LIMITS.depth)}1${']'.repeat(EXPRESSION_LIMITS.depth)}`],
      ['member chains', `actor${'.a'.repeat(EXPRESSION_LIMITS.depth)}`],
      ['conditionals', `${'true ? '.repeat(70)}1${' : 0'.repeat(70)}`],
      ['a chain of conditions', Array.from({ length: 70 }, () => 'actor').join(' && ')],
      ['parenthesised unary operators at the length limit', `${'!('.repeat(340)}1${')'.repeat(340)}`],
    ])('refuses nesting deeper than the limit: %s', (_kind, source) => {
      expect(source.length).toBeLessThanOrEqual(EXPRESSION_LIMITS.length);
      expect(() => compileExpression(source, MERGE_RULES_CONTEXT_NAMES)).toThrow(`nests deeper than ${EXPRESSION_LIMITS.depth} levels`);
    });

    it('accepts nesting up to the limit', () => {
      expect(run(`${'!'.repeat(EXPRESSION_LIMITS.depth - 1)}true`)).toBe(false);
    });

    it(`refuses more than ${EXPRESSION_LIMITS.nodes} parts`, () => {
      const array = `[${Array.from({ length: 300 }, () => '1').join(',')}]`;
      expect(() => compileExpression(array, MERGE_RULES_CONTEXT_NAMES)).toThrow(`more than ${EXPRESSION_LIMITS.nodes} parts`);
    });

    it('stops after the step budget, counting the items an includes compares', () => {
      const many = { ...context(), reviews: Array.from({ length: EXPRESSION_LIMITS.steps }, (_, i) => i) };
      expect(run('reviews.includes(3)', many)).toBe(true);
      expect(() => run("reviews.includes('absent')", many)).toThrow(`more than ${EXPRESSION_LIMITS.steps} steps`);
      expect(() => run("reviews.includes(-1) || reviews.includes(-2)", { ...context(), reviews: many.reviews.slice(0, 6000) })).toThrow('steps');
    });

    it.each(['('.repeat(1024), '!'.repeat(1024), '['.repeat(1024), 'actor.'.repeat(170), '"'.repeat(1024), '-'.repeat(1024)])(
      'answers a message, never a stack overflow, for %#',
      (source) => expect(validateCustomExpression(source)).toEqual(expect.any(String)),
    );
  });
});
