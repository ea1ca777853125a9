/**
 * Contract document generation: N times POST /api/admin/contracts/:id/generate-document (it waits for the job and
 * answers with the .docx), on BullMQ + MinIO (real) or the embedded queue and file store. Prints one JSON line.
 * `tsx bench/real/documents.ts embedded|real [N]`.
 */
import { performance } from 'node:perf_hooks';
import { createLogger, startService, type ServiceEnv } from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { partnersService } from '@12yards/partners/src/definition';
import { createContractsService } from '@12yards/contracts/src/definition';
import { contractFor } from './contract-input';
import { listen, realServerEnv, signedAdmin, summary } from './common';

const mode = (process.argv[2] ?? 'embedded') as 'embedded' | 'real';
const N = Number(process.argv[3] ?? process.env.BENCH_N ?? 20);

async function main() {
  const real = mode === 'real' ? realServerEnv(`bench_docs_${Date.now().toString(36)}`) : {};
  const env = testServiceEnv(real as Partial<ServiceEnv>);
  const quiet = (name: string) => ({ logger: createLogger(name, 'warn') });
  const partners = await startService(partnersService, env, quiet('partners'));
  const { server: pServer, url: partnersUrl } = await listen(partners);
  // The worker runs in the service process (as npm run start:real does): jobs still go through BullMQ on Redis.
  const contracts = await startService(
    createContractsService({ inProcessWorker: true, partnersUrl, jobWaitMs: 30_000 }),
    env,
    quiet('contracts'),
  );
  const { server: cServer, url: c } = await listen(contracts);
  const signed = (method: string, url: string) => signedAdmin(env.INTERNAL_SECRET, method, url);

  const applied = await fetch(`${partnersUrl}/api/partners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Ann Lee',
      email: 'ann@riverside.example',
      type: 'club',
      organization: 'Riverside FC',
      position: 'Chair',
      message: 'We would like to bring our fans',
    }),
  });
  const partnerId = ((await applied.json()) as { id: string }).id;
  const path = '/api/admin/contracts';
  const created = await fetch(`${c}${path}`, {
    method: 'POST',
    headers: signed('POST', path),
    body: JSON.stringify(contractFor(partnerId)),
  });
  if (created.status !== 201) throw new Error(`contract: ${created.status} ${await created.text()}`);
  const contractId = ((await created.json()) as { id: string }).id;

  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < N + 2; i++) {
    const gen = `/api/admin/contracts/${contractId}/generate-document`;
    const t0 = performance.now();
    const res = await fetch(`${c}${gen}`, { method: 'POST', headers: signed('POST', gen) });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`document: ${res.status} ${Buffer.from(body).toString()}`);
    if (i >= 2) times.push(performance.now() - t0); // two warm-up documents (worker threads, connections)
    bytes = body.byteLength;
  }
  console.log(
    JSON.stringify({
      bench: 'document-generation',
      adapters: mode,
      jobs: contracts.ctx.infra.kind.jobs,
      objects: contracts.ctx.infra.kind.objects,
      documents: N,
      bytes,
      ms: summary(times),
    }),
  );
  for (const s of [pServer, cServer]) {
    s.closeAllConnections();
    s.close();
  }
  await contracts.stop();
  await partners.stop();
  env.cleanup();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
