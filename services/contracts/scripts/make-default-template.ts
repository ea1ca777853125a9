// Writes assets/default-contract.docx from the WordprocessingML in src/document/default-template.ts.
// `npm run make-template -w services/contracts`; the output is byte-for-byte reproducible (a unit test checks it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDefaultTemplate } from '../src/document/default-template';

const out = join(__dirname, '..', 'assets', 'default-contract.docx');
mkdirSync(join(__dirname, '..', 'assets'), { recursive: true });
const bytes = buildDefaultTemplate();
writeFileSync(out, bytes);
console.log(`wrote ${out} (${bytes.length} bytes)`);
