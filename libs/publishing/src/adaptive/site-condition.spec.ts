import { EXPRESSION_LIMITS } from '@folio/platform/domain/custom-expression';
import { Invalid } from '@folio/platform/domain/errors';
import { AdaptiveSchema } from './adaptive-schema.events';
import { compileCondition, evaluateCondition } from './site-condition';

const schema: AdaptiveSchema = {
  type: 'object',
  properties: {
    beta: { type: 'boolean', description: 'Beta testers' },
    staff: { type: 'boolean' },
    unsigned: { type: 'object', properties: { trial: { type: 'boolean' } }, additionalProperties: false },
  },
  additionalProperties: false,
};

/** The message compileCondition refuses `source` with. */
function refusal(source: string, against = schema): string {
  try {
    compileCondition(source, against);
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return (error as Error).message;
  }
  throw new Error(`accepted ${source}`);
}

const run = (source: string, claims: Record<string, unknown>) => evaluateCondition(compileCondition(source, schema), claims);

describe('compileCondition', () => {
  it.each([
    'visitor.claims.beta',
    'visitor.claims.unsigned.trial',
    '!visitor.claims.staff',
    'visitor.claims.beta && !visitor.claims.unsigned.trial',
    'visitor.claims.beta || visitor.claims.staff',
    '(visitor.claims.beta || visitor.claims.staff) && visitor.claims.unsigned.trial',
    'visitor.claims.beta == true',
    'visitor.claims.beta !== false',
    'visitor?.claims?.beta',
    'visitor.claims.beta ? visitor.claims.staff : visitor.claims.unsigned.trial',
    'true',
  ])('accepts %s', (source) => {
    expect(compileCondition(source, schema).ast).toBeDefined();
  });

  it.each([
    ['a claim the schema lacks', 'visitor.claims.gamma', 'condition: unknown claim "gamma": the site\'s adaptive schema has no claim "gamma"'],
    ['an unsigned claim the schema lacks', 'visitor.claims.unsigned.beta', 'unknown claim "unsigned.beta"'],
    ['a signed claim read as unsigned and back', 'visitor.claims.trial', 'unknown claim "trial"'],
    ['an unknown claim beside known ones', 'visitor.claims.beta && visitor.claims.gamma', 'unknown claim "gamma"'],
    ['the visitor alone', 'visitor', '"visitor" alone is not a claim'],
    ['the claims object', 'visitor.claims', 'visitor.claims is not a claim'],
    ['the unsigned claims object', 'visitor.claims.unsigned', 'visitor.claims.unsigned is the unsigned claims, not a claim'],
    ['another member of the visitor', 'visitor.email', 'visitor.email is not a claim'],
    ['a path through a claim', 'visitor.claims.beta.length', 'visitor.claims.beta.length is not a claim'],
    ['another name', 'user.claims.beta', 'unknown name "user"'],
    ['a member of a literal', '"abc".length', 'only the visitor\'s claims may be read'],
  ])('refuses %s', (_name, source, message) => {
    expect(refusal(source)).toContain(message);
  });

  it('refuses every claim when the site has no schema', () => {
    expect(refusal('visitor.claims.beta', { type: 'object', properties: {}, additionalProperties: false })).toContain('unknown claim "beta"');
  });

  describe('hostile input', () => {
    it.each([
      ['the constructor chain', 'visitor.constructor.constructor', 'property "constructor" is not allowed'],
      ['a constructor call', 'visitor.constructor.constructor("return process")()', 'condition:'],
      ['__proto__', 'visitor.__proto__', 'property "__proto__" is not allowed'],
      ['__proto__ under the claims', 'visitor.claims.__proto__.beta', 'property "__proto__" is not allowed'],
      ['prototype', 'visitor.claims.prototype', 'property "prototype" is not allowed'],
      ['computed access', 'visitor["claims"].beta', 'computed access'],
      ['computed access to a claim', 'visitor.claims["beta"]', 'computed access'],
      ['computed __proto__', 'visitor["__proto__"]', 'property "__proto__" is not allowed'],
      ['this', 'this.beta', '"this" is not allowed'],
      ['an assignment', 'visitor.claims.beta = true', 'condition:'],
      ['a function call', 'visitor.claims.beta()', 'only the methods'],
      ['two expressions', 'visitor.claims.beta; visitor.claims.staff', 'single expression'],
      ['an empty condition', '', 'expression is empty'],
      ['garbage', 'visitor.claims.(', 'does not parse'],
      ['deep nesting', `${'['.repeat(EXPRESSION_LIMITS.depth)}visitor.claims.beta${']'.repeat(EXPRESSION_LIMITS.depth)}`, `nests deeper than ${EXPRESSION_LIMITS.depth} levels`],
      ['deep negation', `${'!'.repeat(EXPRESSION_LIMITS.depth + 1)}visitor.claims.beta`, `nests deeper than ${EXPRESSION_LIMITS.depth} levels`],
      ['a long chain', Array.from({ length: 90 }, () => 'visitor.claims.beta').join(' && '), 'condition:'],
      ['over 1024 characters', `visitor.claims.beta${' '.repeat(1010)}`, 'longer than 1024 characters'],
    ])('refuses %s', (_name, source, message) => {
      expect(refusal(source)).toContain(message);
    });

    it('accepts exactly 1024 characters', () => {
      const source = `visitor.claims.beta${' '.repeat(1024 - 'visitor.claims.beta'.length)}`;
      expect(source).toHaveLength(1024);
      expect(compileCondition(source, schema).ast).toBeDefined();
    });
  });
});

describe('evaluateCondition', () => {
  it('reads a signed claim', () => {
    expect(run('visitor.claims.beta', { beta: true })).toBe(true);
    expect(run('visitor.claims.beta', { beta: false })).toBe(false);
  });

  it('reads an unsigned claim from the claims’ unsigned object', () => {
    expect(run('visitor.claims.unsigned.trial', { unsigned: { trial: true } })).toBe(true);
    expect(run('visitor.claims.unsigned.trial', { trial: true, unsigned: { trial: false } })).toBe(false);
  });

  it('takes a missing claim, or a missing unsigned object, as undefined: falsy', () => {
    expect(run('visitor.claims.beta', {})).toBe(false);
    expect(run('visitor.claims.unsigned.trial', {})).toBe(false);
    expect(run('visitor.claims.unsigned.trial', { unsigned: 'yes' })).toBe(false);
    expect(run('!visitor.claims.beta', {})).toBe(true);
    expect(run('visitor.claims.beta == null', {})).toBe(true);
  });

  it.each([
    ['visitor.claims.beta && visitor.claims.staff', { beta: true, staff: true }, true],
    ['visitor.claims.beta && visitor.claims.staff', { beta: true, staff: false }, false],
    ['visitor.claims.beta && visitor.claims.staff', { beta: true }, false],
    ['visitor.claims.beta || visitor.claims.staff', { beta: false, staff: true }, true],
    ['visitor.claims.beta || visitor.claims.staff', { beta: false }, false],
    ['!visitor.claims.beta', { beta: true }, false],
    ['!visitor.claims.beta', { beta: false }, true],
    ['visitor.claims.beta && !visitor.claims.unsigned.trial', { beta: true, unsigned: { trial: false } }, true],
    ['visitor.claims.beta && !visitor.claims.unsigned.trial', { beta: true, unsigned: { trial: true } }, false],
    ['(visitor.claims.beta || visitor.claims.staff) && !visitor.claims.unsigned.trial', { staff: true }, true],
    ['visitor.claims.beta ? visitor.claims.staff : true', { beta: true, staff: false }, false],
  ])('%s with %j is %s', (source, claims, expected) => {
    expect(run(source, claims)).toBe(expected);
  });

  it('answers truthiness, not the value', () => {
    expect(run('visitor.claims.beta', { beta: 'yes' })).toBe(true);
    expect(run('visitor.claims.beta', { beta: 0 })).toBe(false);
  });

  it('is false when the condition cannot be evaluated on these claims', () => {
    expect(run('visitor.claims.beta < 3', { beta: true })).toBe(false);
  });

  it('reads own data only, never a prototype or a getter', () => {
    const inherited = Object.create({ beta: true }) as Record<string, unknown>;
    expect(run('visitor.claims.beta', inherited)).toBe(false);
    const unsigned = Object.create({ trial: true }) as Record<string, unknown>;
    expect(run('visitor.claims.unsigned.trial', { unsigned })).toBe(false);
  });
});
