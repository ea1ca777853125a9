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
  // The domain knows nothing of HTTP: deciders throw the ES kit's domain errors (NotFound, Conflict, Invalid),
  // which packages/platform/src/http maps to status codes at the edge.
  {
    files: ['services/*/src/**/decide.ts', 'services/*/src/**/evolve.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@12yards/platform',
              importNames: [
                'HttpError',
                'badRequest',
                'unauthorized',
                'forbidden',
                'notFound',
                'conflict',
                'unprocessable',
                'validationError',
                'toHttpError',
                'domainHttpError',
                'requireAdmin',
                'parse',
              ],
              message: 'Domain code throws NotFound, Conflict or Invalid; the HTTP layer maps them.',
            },
            {
              name: '@12yards/workbench',
              importNames: ['trashRoutes', 'workbenchRoutes', 'insightsRoutes'],
              message:
                'Domain code does not depend on the web layer (trashable is the domain part of the trash).',
            },
            { name: 'express', message: 'Domain code does not depend on the web layer.' },
          ],
          patterns: [
            {
              group: ['**/http', '**/http/**', '@12yards/platform/src/http*'],
              message: 'Domain code does not import the HTTP layer.',
            },
          ],
        },
      ],
    },
  },
);
