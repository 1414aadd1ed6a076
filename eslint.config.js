// Lint: typescript-eslint's recommended rules, plus the house rules on imports: each bounded context
// reaches another only through its public surface, collections reach spaces only through content's
// shared kernel, and events and deciders stay pure.
const tseslint = require('typescript-eslint');

/** The bounded contexts under libs/ (the ones to come included, so they start with the rule). */
const CONTEXTS = ['identity', 'content', 'publishing', 'collaboration', 'insights', 'integrations'];

/**
 * A context imports the platform, itself, and of another context only its public surface
 * (`@folio/<context>/public/…`: the queries it answers and the value types it shares).
 */
const publicSurfaceOnly = (context) => ({
  regex: `^@folio/(?!platform/|kernel/|${context}/)[^/]+/(?!public/)`,
  message: 'Another context is reached only through its public surface: @folio/<context>/public/….',
});

/** Slices are one folder deep, so a relative import never needs to climb two levels: one that does leaves the context. */
const staysInContext = {
  regex: '^\\.\\./\\.\\./',
  message: 'A relative import must not climb out of its context; other contexts are @folio/<context>/public/….',
};

/** What collections share with spaces (Slot, placement and move bodies, default level, merge rules) is in content's shared/. */
const noSpacesFromCollections = {
  regex: '^\\.\\./spaces/',
  message: 'Collections reach spaces only through libs/content/src/shared/ (or the QueryBus).',
};

/**
 * The kernel (libs/kernel: the document model, the Markdown dialect, the content tree and the merge) is pure
 * code every context uses, so it uses none of them and nothing of a framework, driver or the file system:
 * of the platform only the domain kit and the content-object store's port (an interface, and the canonical
 * JSON its hashes are taken over), a cache and the event-loop yield.
 */
const kernelIsPure = [
  {
    group: ['@nestjs/*', 'fastify', 'mongodb', '@eventstore/*', 'better-sqlite3', 'class-validator', 'class-transformer', 'piscina', 'node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'node:child_process', 'node:worker_threads'],
    message: 'The kernel is pure: no framework, driver, thread or I/O imports.',
  },
  {
    regex: '^@folio/(?!kernel/|platform/domain/|platform/object-store/content-object-store\\.port$|platform/object-store/canonical-json$|platform/caching/|platform/concurrency/yield-to-event-loop$)',
    message: 'The kernel imports no bounded context, and of the platform only its pure parts.',
  },
];

/** ARCHITECTURE.md rule 1: events and deciders import nothing from Nest, drivers or other contexts. */
const pure = [
  {
    group: ['@nestjs/*', 'fastify', 'mongodb', '@eventstore/*', 'better-sqlite3', 'class-validator', 'class-transformer', 'node:*'],
    message: 'Events and deciders are pure: no framework, driver or I/O imports.',
  },
  {
    regex: '^@folio/(?!platform/domain/|kernel/)',
    message: 'Events and deciders may import only the platform domain kit (errors, decider types, shared value types) and the pure kernel.',
  },
];

/**
 * Keys from outside (ids in paths, fields of bodies) are never looked up as plain-object keys: `key in object`
 * and `object.hasOwnProperty(key)` answer for `__proto__`, `constructor` or `toString` what every object has
 * (or what a body's own `hasOwnProperty` says). Maps, or `Object.hasOwn`.
 */
const noPrototypeLookup = {
  selector: "BinaryExpression[operator='in'][left.type!='Literal']",
  message: 'A key checked with `in` finds Object.prototype\'s members (`constructor`, `__proto__`): use a Map, or Object.hasOwn.',
};
/** A decider's state keeps things by id in Maps: the ids it is asked about come from requests. */
const recordState = "TSPropertySignature > TSTypeAnnotation > TSTypeReference[typeName.name='Record'] > TSTypeParameterInstantiation > TSStringKeyword:first-child";
const noRecordState = { selector: recordState, message: "A decider's state keeps things by id in a (Readonly)Map, not a Record: a plain object answers `__proto__` and `constructor`." };

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/**/*.js', 'test/support/*.js', '*.config.js', 'eslint.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
  },
  // Flat config does not merge a rule's options: for a file, the last block that matches it wins, so
  // each narrower block below repeats the wider block's patterns it must keep.
  restrict(['libs/platform/src/**/*.ts'], [{ regex: '^@folio/(?!platform/)', message: 'The platform imports no bounded context.' }]),
  ...CONTEXTS.map((context) => restrict([`libs/${context}/src/**/*.ts`], [publicSurfaceOnly(context), staysInContext])),
  restrict(['libs/kernel/src/**/*.ts'], [...kernelIsPure, staysInContext]),
  restrict(['libs/kernel/src/**/*.spec.ts'], [staysInContext]),
  restrict(['libs/content/src/collections/**/*.ts'], [publicSurfaceOnly('content'), staysInContext, noSpacesFromCollections]),
  restrict(['**/*.events.ts', '**/*.decider.ts'], [...pure, staysInContext]),
  restrict(['libs/content/src/collections/*.events.ts', 'libs/content/src/collections/*.decider.ts'], [...pure, staysInContext, noSpacesFromCollections]),
  { files: ['libs/**/*.ts', 'apps/**/*.ts'], rules: { 'no-prototype-builtins': 'error', 'no-restricted-syntax': ['error', noPrototypeLookup] } },
  { files: ['libs/**/*.decider.ts', 'libs/**/*-state.ts'], rules: { 'no-restricted-syntax': ['error', noPrototypeLookup, noRecordState] } },
);
