#!/usr/bin/env node
// `npm run start:real`: the whole product (`npm start`) on the real servers of infra/local, started if needed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { up } from './infra.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = await up();
const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // npm start runs no separate contracts worker process, so with BullMQ the contracts service works its jobs itself.
  env: { DOCUMENT_WORKER: 'in-process', ...process.env, ...env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
