#!/usr/bin/env node
// Prints the gzip size of the JavaScript a visitor of / downloads before any lazy route: the scripts and
// modulepreloads of the built index.html, the app the entry script imports once the page has painted, and every
// module they import statically (other dynamic imports, lazy routes and dialogs, are not followed).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Every JS file a visitor of / downloads before any lazy route, with its raw and gzip (level 9) size in bytes. */
export function initialJs(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');

  const entries = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1]);
  const initial = [
    ...entries,
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1]),
  ];
  // The entry (src/boot.ts) imports the app dynamically once the page has painted: that app is downloaded by every
  // visitor all the same, so the entry's own dynamic imports count (those of later modules, lazy routes and
  // dialogs, do not).
  const dynamicImport = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
  for (const url of entries) {
    const file = join(dist, url.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(dynamicImport))
      initial.push(m[1].startsWith('/') ? m[1] : posix.join(posix.dirname(url), m[1]));
  }

  const staticImport = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

  const seen = new Map();
  const queue = [...initial];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url) || /^https?:/.test(url)) continue;
    const file = join(dist, url.replace(/^\//, ''));
    if (!existsSync(file)) {
      throw new Error(`missing from the build: ${url}`);
    }
    const code = readFileSync(file);
    seen.set(url, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    for (const m of code.toString('utf8').matchAll(staticImport)) {
      const spec = m[1];
      if (spec.startsWith('.') || spec.startsWith('/')) {
        queue.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(url), spec));
      }
    }
  }
  return [...seen].map(([url, size]) => ({ url, ...size })).sort((a, b) => b.gzip - a.gzip);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const rows = initialJs(dist);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const width = Math.min(90, Math.max(...rows.map((r) => r.url.length)));
  for (const r of rows)
    console.log(`${r.url.padEnd(width)}  ${kb(r.raw).padStart(9)}  gzip ${kb(r.gzip).padStart(8)}`);
  const raw = rows.reduce((n, r) => n + r.raw, 0);
  const gzip = rows.reduce((n, r) => n + r.gzip, 0);
  console.log(`\nJS downloaded by a visitor of /: ${rows.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip`);
  const admin = rows.filter((r) => r.url.includes('admin-app'));
  if (admin.length) {
    console.error(`admin files on the public entry: ${admin.map((r) => r.url).join(', ')}`);
    process.exitCode = 1;
  }
}
