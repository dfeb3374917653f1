// Lint rules; the import boundaries below keep the architecture's layering honest.
import js from '@eslint/js';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import moduleBoundary from './eslint-rules/module-boundary.js';

const boundary = (group, message) => ({ group, message });

const webPatterns = [
  boundary(['@portal/api', '**/apps/api/**'], 'web imports only contracts, rules and its own folders'),
  { regex: '(^|/)api/src/', message: 'web imports only contracts, rules and its own folders' },
  boundary(['node:*', 'pg', 'drizzle-orm*', 'fastify*'], 'server-only module in web code'),
];
// The demo data is seed and test material: tests may read it, code that ships to the browser may not.
const demoBoundary = boundary(
  ['@portal/demo', '@portal/demo/*'],
  'demo data stays out of the browser bundle',
);
// Fixtures are test code too: they set up what tests need, across modules as the tests do.
const testFiles = ['**/*.test.{ts,tsx}', '**/*.fixture{,s}.ts', '**/testing/**'];

/** An import zone whose code ships to the browser: its patterns, and outside tests the demo boundary too. */
const browserZone = (files, patterns) => [
  { files, rules: { 'no-restricted-imports': ['error', { patterns }] } },
  {
    files,
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, demoBoundary] }] },
  },
];

const apiPatterns = [
  boundary(['@portal/web', '**/apps/web/**'], 'the API never imports web code'),
  { regex: '(^|/)web/src/', message: 'the API never imports web code' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.build/**', 'data/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary(['@portal/*', '**/apps/**', '**/rules/**'], 'contracts depend on nothing of ours'),
          ],
        },
      ],
    },
  },
  ...browserZone(
    ['packages/rules/**/*.ts'],
    [
      boundary(['@portal/api', '@portal/web', '**/apps/**'], 'rules are pure: contracts only'),
      boundary(['node:*', 'fs', 'path', 'http', 'pg', 'drizzle-orm*'], 'rules do no I/O'),
    ],
  ),
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...browserZone(['apps/web/**/*.{ts,tsx}'], webPatterns),
  // A feature is used by targets, never by another feature: shared pieces live in lib/.
  ...browserZone(
    ['apps/web/src/features/**/*.{ts,tsx}'],
    [
      ...webPatterns,
      {
        regex: '^\\.\\./(?!\\.\\.)[^/]+/',
        message: 'a feature does not import another feature (move shared code to lib/)',
      },
      {
        regex: '(^|/)(features|targets)/',
        message: 'a feature does not import another feature or a target',
      },
    ],
  ),
  ...browserZone(
    ['apps/web/src/lib/**/*.{ts,tsx}'],
    [
      ...webPatterns,
      { regex: '(^|/)(features|targets)/', message: 'lib/ is below the features: it imports none' },
    ],
  ),
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: apiPatterns }],
    },
  },
  {
    // Routes and services call repositories; SQL stays in repositories (and *.query.ts builders).
    files: ['apps/api/src/modules/**/*.{routes,service}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...apiPatterns,
            boundary(
              ['drizzle-orm', 'drizzle-orm/*'],
              'routes and services reach the database through repositories',
            ),
          ],
        },
      ],
    },
  },
  {
    // Modules reach each other through their service or policy (decision 0048).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: testFiles,
    plugins: { portal: { rules: { 'module-boundary': moduleBoundary } } },
    rules: {
      'portal/module-boundary': [
        'error',
        { known: fileURLToPath(new URL('./apps/api/module-crossings.json', import.meta.url)) },
      ],
    },
  },
  {
    files: ['apps/api/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...apiPatterns,
            { regex: '(^|/)modules/', message: 'db/ (schema, migrations, client) does not import modules' },
          ],
        },
      ],
    },
  },
);
