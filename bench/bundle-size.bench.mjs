// Bundle budget of the public site: the gzip JS a visitor of / downloads (at most BUDGET_KB, issue 28: the sections
// below the fold, the footer, the cookie preferences and the class merger load when needed), and its ratio to the
// framework floor measured in the same run (react, react-dom, react-router and TanStack Query, bundled and minified
// with esbuild): what our own page code and design system add on top of what any shell pays. The shell is a
// runtime-only federation host, so the federation runtime is no longer part of what / downloads (nor of the floor).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { initialJs } from '../web/shell/scripts/size.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shell = join(root, 'web/shell');
const BUDGET_KB = 110;
const BUDGET_RATIO = 2;

// The shell's whole build (client, server entry, precompressed files), so the dist it leaves is complete.
const vite = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web/shell'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (vite.status !== 0) {
  process.stderr.write(vite.stderr);
  process.exit(1);
}
const site = initialJs(join(shell, 'dist'));
const siteGzip = site.reduce((n, f) => n + f.gzip, 0);

// The floor: a page that only mounts the libraries every page of the shell needs.
const dir = mkdtempSync(join(tmpdir(), 'bundle-floor-'));
writeFileSync(
  join(dir, 'entry.js'),
  `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes, Route } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
const client = new QueryClient();
function Page() { const q = useQuery({ queryKey: ['x'], queryFn: async () => 1 }); return createElement('p', null, String(q.data)); }
createRoot(document.getElementById('root')).render(
  createElement(QueryClientProvider, { client },
    createElement(BrowserRouter, null, createElement(Routes, null, createElement(Route, { path: '/', element: createElement(Page) })))));
`,
);
try {
  await build({
    entryPoints: [join(dir, 'entry.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    outfile: join(dir, 'out.js'),
    nodePaths: [join(shell, 'node_modules'), join(root, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const floorGzip = gzipSync(readFileSync(join(dir, 'out.js')), { level: 9 }).length;
  const ratio = Math.round((siteGzip / floorGzip) * 100) / 100;
  const result = {
    bench: 'bundle-size',
    kbGzip: { site: +(siteGzip / 1024).toFixed(1), frameworkFloor: +(floorGzip / 1024).toFixed(1) },
    files: site.length,
    adminFilesOnPublicEntry: site.filter((f) => f.url.includes('admin-app')).length,
    budgetKbGzip: BUDGET_KB,
    ratio,
    budgetRatio: BUDGET_RATIO,
    federationOnPublicEntry: site.filter((f) => /remoteEntry|federation|__mf_|_mf_/.test(f.url)).length,
    pass:
      siteGzip / 1024 <= BUDGET_KB &&
      ratio <= BUDGET_RATIO &&
      !site.some((f) => f.url.includes('admin-app') || /remoteEntry/.test(f.url)),
  };
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.pass ? 0 : 1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
