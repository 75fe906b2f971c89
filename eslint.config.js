import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint-boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-types/**', '**/node_modules/**', 'data/**', 'drizzle/**', 'test-results/**', 'bench-results/**'] },
  js.configs.recommended,
  // Type-aware, with the types of one program of every linted file (tsconfig.eslint.json: the four
  // projects' files, libraries and paths together). The four tsconfigs, each its own program, parsed
  // the server's sources four times: 103 s of CPU against 63 (measured). `pnpm typecheck` checks each
  // project with its own settings (a node global in the client fails there).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // An event handler may start async work; the promise's failure is handled inside it.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, properties: false } }],
      // A method kept async to fit its interface (a provider, a mailer) has no await to give.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'off',
    },
  },
  {
    // Tests read JSON answers and mocks, which are untyped by nature; what they check is the values.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // `res.json() as Body`: the test names the shape it expects.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  { files: ['client/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  // CommonJS on purpose: the Node version check must run under any Node, before anything is installed.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  ...boundaries,
);
