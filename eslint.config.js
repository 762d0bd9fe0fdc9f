import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The three runtimes meet only in src/shared: the web app never imports the server and the reverse.
const forbid = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      '.tools',
    ],
  },
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
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(
        ['**/server/**', '../server/*'],
        'src/web must not import src/server; share code through src/shared.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: forbid(
      ['**/web/**', '../web/*'],
      'src/server must not import src/web; share code through src/shared.',
    ),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: forbid(['**/server/**', '**/web/**'], 'src/shared depends on nothing of ours.'),
  },
);
