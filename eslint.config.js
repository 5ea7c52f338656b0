import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import boundaries: shared imports only zod; web and the CLI never import the server. */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: boundary([
      { regex: '^(?!zod$|\\.{1,2}/).*', message: 'packages/shared may import only zod and its own files.' },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: boundary([{ group: ['**/apps/server/**', '@stepwise/server', '@stepwise/server/*'], message: 'The web app talks to the server over HTTP only.' }]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: boundary([{ group: ['**/apps/web/**', '@stepwise/web'], message: 'The server does not import the web app.' }]),
  },
);
