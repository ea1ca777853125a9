import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/** react, react-dom, react-router and TanStack Query exist once per page: the admin remote uses the shell's copies. */
export const sharedSingletons = Object.fromEntries(
  ['react', 'react-dom', 'react-router', '@tanstack/react-query'].map((pkg) => [
    pkg,
    { singleton: true, requiredVersion: `^${version(pkg)}` },
  ]),
);
