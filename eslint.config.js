import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The three runtimes meet only in src/shared: the web app never imports the server and the reverse.
const forbid = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

// Web boundaries (bulletproof-react; decision 009): a feature imports no other feature, only the app layer
// (src/web/app) combines them, and the shared building blocks (components, lib, i18n, testing) import
// neither. Every folder under features/ is covered, a new one included.
const WEB = './src/web';
const FEATURES = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_WEB = ['components', 'lib', 'i18n', 'testing'].map((dir) => `${WEB}/${dir}`);
// The plugin's TypeScript settings name the resolver by its old interface; ours is given as resolver-next.
const { 'import-x/resolver': _oldResolver, ...importXTypeScript } = importX.flatConfigs.typescript.settings;
const webZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in src/web/app (decision 009).',
  })),
  {
    target: [`${WEB}/features`, ...SHARED_WEB],
    from: `${WEB}/app`,
    message: 'Only the app layer imports src/web/app.',
  },
  {
    target: SHARED_WEB,
    from: `${WEB}/features`,
    message: 'Shared web modules do not import features: pass the part in from src/web/app.',
  },
];

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
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (the parser for each file it follows), with the resolver of ours.
      ...importXTypeScript,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
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
