// Writes docs/events.md from the integration event schemas; with --check, fails (exit 1) when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { renderCatalogue } from '../packages/api/src/events/catalogue';

const file = join(__dirname, '..', 'docs', 'events.md');

async function main() {
  // Formatted as `npm run format` would, so the two never disagree.
  const expected = await format(renderCatalogue(), { ...(await resolveConfig(file)), filepath: file });
  if (process.argv.includes('--check')) {
    let actual = '';
    try {
      actual = readFileSync(file, 'utf8');
    } catch {
      // missing: stale
    }
    if (actual !== expected) {
      console.error(
        'docs/events.md is not up to date with packages/api/src/events: run `npm run events:catalogue`.',
      );
      process.exit(1);
    }
    console.log('docs/events.md is up to date.');
  } else {
    writeFileSync(file, expected);
    console.log(`wrote ${file}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
