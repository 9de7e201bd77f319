import tseslint from 'typescript-eslint';

/**
 * Lint with the type checker's knowledge, for the defects `tsc` lets through in an async-heavy codebase:
 * a promise nobody awaits (its rejection lost, its work racing the next step), a promise where a boolean
 * or a void callback is expected, an await of something that is not a promise. Style is the formatter's
 * (prettier), not the linter's.
 */
export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', '.tmp/', '.tools/', 'load/k6/operator/'] },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      // Each file is checked in the project that compiles it: the k6 scripts in load/k6/tsconfig.json.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A promise returned from a try block without await escapes its catch and finally.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      // A switch over a union that forgets a member, once the union grows (a new fault kind, a new status).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Dead code: an import or a variable nothing reads.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-unreachable': 'error',
      'prefer-const': 'error',
    },
  },
);
