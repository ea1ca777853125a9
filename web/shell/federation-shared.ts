import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/**
 * react, react-dom, react-router and TanStack Query exist once per page: the admin remote uses the shell's copies
 * (web/admin/federation-shared.ts lists the same singletons). Their installed versions, for src/lib/admin-shared.ts.
 */
export const sharedVersions = Object.fromEntries(
  ['react', 'react-dom', 'react-router', '@tanstack/react-query'].map((pkg) => [pkg, version(pkg)]),
);
