// One config, three projects so `npm test` runs them all and each can run alone. ts-jest in
// transpile-only mode: types are checked by `npm run lint`, tests just need to run.
const tsJest = ['ts-jest', { diagnostics: false }];
// Packages that ship ES modules only: Node 20 requires them natively, Jest needs them compiled. The markdown
// parser and serializer (the unified mdast/micromark family) pull in dozens of small ones.
const esmOnly = [
  'fractional-indexing', 'micromark[^/]*', 'mdast-[^/]*', 'unist-[^/]*', 'decode-named-character-reference',
  'character-entities[^/]*', 'character-reference-invalid', 'ccount', 'devlop', 'zwitch', 'longest-streak',
  'markdown-table', 'escape-string-regexp', 'fault',
].join('|');
const common = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': tsJest,
    [`^.+/node_modules/(${esmOnly})/.+\\.js$`]: ['ts-jest', { diagnostics: false, tsconfig: { allowJs: true } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
  moduleNameMapper: {
    '^@folio/platform/(.*)$': '<rootDir>/libs/platform/src/$1',
    '^@folio/identity/(.*)$': '<rootDir>/libs/identity/src/$1',
    '^@folio/content/(.*)$': '<rootDir>/libs/content/src/$1',
    '^@folio/kernel/(.*)$': '<rootDir>/libs/kernel/src/$1',
    '^@folio/collaboration/(.*)$': '<rootDir>/libs/collaboration/src/$1',
    '^@folio/insights/(.*)$': '<rootDir>/libs/insights/src/$1',
    '^@folio/integrations/(.*)$': '<rootDir>/libs/integrations/src/$1',
    '^@folio/publishing/(.*)$': '<rootDir>/libs/publishing/src/$1',
  },
};
module.exports = {
  // A hook or test without its own timeout gets 30 s, not Jest's 5: `npm test` runs two suites at once on two
  // cores, and a test may not fail by timing on a loaded machine (none asserts a duration). A global option:
  // Jest ignores it inside a project.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/lint/**/*.spec.ts'] },
    { ...common, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/build.global-setup.js',
    },
  ],
};
