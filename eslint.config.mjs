import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Scripts, servers and tests run on Node; the web apps run in the browser (typescript-eslint leaves
  // undefined names in .ts files to the compiler, so these matter for plain JavaScript files).
  { languageOptions: { globals: globals.node } },
  { files: ['web/*/src/**', 'packages/ui/src/**'], languageOptions: { globals: globals.browser } },
  { files: ['jest.config.js'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
);
