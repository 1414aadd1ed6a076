// Lint: typescript-eslint's recommended rules, plus the house rule that events and deciders stay pure.
const tseslint = require('typescript-eslint');

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
  {
    // ARCHITECTURE.md rule 1: events and deciders import nothing from Nest, drivers or other contexts.
    files: ['**/*.events.ts', '**/*.decider.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'fastify', 'mongodb', '@eventstore/*', 'better-sqlite3', 'class-validator', 'class-transformer', 'node:*'],
              message: 'Events and deciders are pure: no framework, driver or I/O imports.',
            },
            {
              regex: '^@folio/(?!platform/domain/)',
              message: 'Events and deciders may import only the platform domain kit (errors, decider types).',
            },
            {
              regex: '^\\.\\./\\.\\./',
              message: 'Events and deciders may import only from their own context.',
            },
          ],
        },
      ],
    },
  },
);
