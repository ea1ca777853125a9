// One jest run, one project per test tier. Files carry their tier in the name (*.unit.test.ts, ...).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const ignore = ['/node_modules/', '/dist/', '/data/'];
// ESM-only packages that jest must compile to CommonJS (file-type and the tokenizers it imports).
const esmOnly = ['file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer', '@borewit'];
const base = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testPathIgnorePatterns: ignore,
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{packages,gateway,services}/**/*.unit.test.ts'],
    },
    {
      ...base,
      displayName: 'int',
      testEnvironment: 'node',
      // Integration tests start services, processes and browsers: room for a loaded 2-core machine.
      testTimeout: 30_000,
      testMatch: ['<rootDir>/{packages,gateway,services}/**/*.int.test.ts'],
    },
    {
      ...base,
      displayName: 'contract',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/packages/**/*.contract.test.ts'],
      // Finds real servers (env, testcontainers or infra/local) for the production adapters' suites.
      globalSetup: '<rootDir>/packages/platform/test/contract/real-servers.setup.mjs',
      globalTeardown: '<rootDir>/packages/platform/test/contract/real-servers.teardown.mjs',
    },
    // Component tests of the browser code (web/*, packages/ui) run in jsdom.
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testTimeout: 20_000,
      testMatch: ['<rootDir>/{web,packages/ui}/**/*.unit.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/web/shell/src/test/setup.ts', '<rootDir>/web/admin/src/test/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/web/shell/src/test/style-stub.ts' },
    },
  ],
};
