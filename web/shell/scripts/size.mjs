#!/usr/bin/env node
// Prints the gzip size of the JavaScript a visitor of / downloads before any lazy route: the scripts and
// modulepreloads of the built index.html plus every module they import statically (dynamic import() is not followed).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const initial = [
  ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
].map((m) => m[1]);

const staticImport = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

const seen = new Map();
const queue = [...initial];
while (queue.length) {
  const url = queue.shift();
  if (seen.has(url) || /^https?:/.test(url)) continue;
  const file = join(dist, url.replace(/^\//, ''));
  if (!existsSync(file)) {
    console.error(`missing: ${url}`);
    process.exitCode = 1;
    continue;
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

const rows = [...seen].sort((a, b) => b[1].gzip - a[1].gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const width = Math.min(90, Math.max(...rows.map(([u]) => u.length)));
for (const [url, s] of rows)
  console.log(`${url.padEnd(width)}  ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}`);
const total = rows.reduce((acc, [, s]) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }), {
  raw: 0,
  gzip: 0,
});
const admin = rows.filter(([u]) => u.includes('admin-app'));
console.log(
  `\nJS downloaded by a visitor of /: ${rows.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`,
);
if (admin.length) {
  console.error(`admin files on the public entry: ${admin.map(([u]) => u).join(', ')}`);
  process.exitCode = 1;
}
