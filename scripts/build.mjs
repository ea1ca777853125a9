#!/usr/bin/env node
// Builds every deployable: the gateway and the services as Node bundles (esbuild), the web apps with Vite.
// `node scripts/build.mjs [--server-only|--web-only]`
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createRequire, builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

/** Node entry points: [workspace, entry file]. */
export const serverEntries = [
  ['gateway', 'src/main.ts'],
  ['services/status', 'src/main.ts'],
  ['services/content', 'src/main.ts'],
  ['services/partners', 'src/main.ts'],
  ['services/contracts', 'src/main.ts'],
  ['services/contracts', 'src/worker.ts'],
  // The process each contract document is filled in (bounded heap and time): dist/document/render-worker.js.
  ['services/contracts', 'src/document/render-worker.ts'],
  ['services/media', 'src/main.ts'],
];

// Our own workspace packages are bundled (they are TypeScript source); every other package stays a require().
// npm may install a workspace's dependency under that workspace's own node_modules; such a require is
// rewritten relative to the bundle, so the bundle finds exactly the copy the source was built against.
const externalDeps = (outDir) => ({
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) => {
      if (a.path.startsWith('@12yards/') || a.path.startsWith('node:') || builtinModules.includes(a.path))
        return undefined;
      const fromSource = tryResolve(a.path, a.resolveDir);
      const fromBundle = tryResolve(a.path, outDir);
      if (!fromSource || fromSource === fromBundle) return { path: a.path, external: true };
      let rel = relative(outDir, fromSource).split(sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return { path: rel, external: true };
    });
  },
});

function tryResolve(request, dir) {
  try {
    return createRequire(join(dir, 'noop.js')).resolve(request);
  } catch {
    return null;
  }
}

async function buildServers() {
  const started = Date.now();
  await Promise.all(
    serverEntries
      .filter(([ws, entry]) => existsSync(join(root, ws, entry)))
      .map(([ws, entry]) =>
        build({
          entryPoints: [join(root, ws, entry)],
          outfile: join(root, ws, 'dist', entry.replace(/^src\//, '').replace(/\.ts$/, '.js')),
          bundle: true,
          platform: 'node',
          target: 'node22',
          format: 'cjs',
          sourcemap: true,
          logLevel: 'warning',
          plugins: [externalDeps(join(root, ws, 'dist'))],
        }),
      ),
  );
  console.log(`servers built in ${Date.now() - started} ms`);
}

function buildWeb() {
  for (const ws of ['web/shell', 'web/admin']) {
    const pkg = JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8'));
    if (!pkg.scripts?.build) continue;
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (!args.has('--web-only')) await buildServers();
if (!args.has('--server-only')) buildWeb();
