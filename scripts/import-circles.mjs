// Import circles among the TypeScript sources (type-only imports included, as madge counts them), resolved with the
// TypeScript compiler: `node scripts/import-circles.mjs [dirs...]`. Prints each circle and exits 1 when there is one.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ts = createRequire(import.meta.url)('typescript');
const root = resolve(import.meta.dirname, '..');
const DEFAULT_DIRS = [
  'gateway/src',
  'services',
  'packages/platform/src',
  'packages/workbench/src',
  'packages/api/src',
  'packages/ui/src',
  'web/shell/src',
  'web/admin/src',
];
const dirs = (process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_DIRS).map((d) => resolve(root, d));

const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
};
dirs.forEach(walk);

const options = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
};
const host = ts.createCompilerHost(options);
const known = new Set(files);
const imports = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(
        ({ fileName }) =>
          ts.resolveModuleName(fileName, file, options, host).resolvedModule?.resolvedFileName,
      )
      .filter((target) => target && known.has(resolve(target)))
      .map((target) => resolve(target));
    return [file, [...new Set(targets)]];
  }),
);

// Tarjan's strongly connected components: each of more than one file is a circle.
let next = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
const visit = (file) => {
  index.set(file, next);
  low.set(file, next++);
  stack.push(file);
  onStack.add(file);
  for (const target of imports.get(file)) {
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file), low.get(target)));
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) circles.push(component);
};
for (const file of files) if (!index.has(file)) visit(file);

for (const circle of circles) console.log(`circle: ${circle.map((f) => relative(root, f)).join(' <-> ')}`);
console.log(`${files.length} files, ${circles.length} import circles`);
process.exit(circles.length > 0 ? 1 : 0);
