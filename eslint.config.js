// Lint rules; the import boundaries below keep the architecture's layering honest.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (group, message) => ({ group, message });

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
  {
    files: ['packages/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary(['@portal/api', '@portal/web', '**/apps/**'], 'rules are pure: contracts only'),
            boundary(['node:*', 'fs', 'path', 'http', 'pg', 'drizzle-orm*'], 'rules do no I/O'),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary(
              ['@portal/api', '**/apps/api/**'],
              'web imports only contracts, rules and its own folders',
            ),
            boundary(['node:*', 'pg', 'drizzle-orm*', 'fastify*'], 'server-only module in web code'),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [boundary(['@portal/web', '**/apps/web/**'], 'the API never imports web code')] },
      ],
    },
  },
);
