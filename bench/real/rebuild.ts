/**
 * Read models rebuilt from many events (`npm run rebuild -w services/content`'s code path), on the embedded adapters
 * and on the real servers: BENCH_EVENTS events (default 100,000: FAQs created and edited, BENCH_PER_APPEND events a
 * commit), then the rebuild's events per second, then how long the service takes to start with that many events
 * (its read models caught up). Prints one JSON line. `tsx bench/real/rebuild.ts`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  createInfrastructure,
  createLogger,
  rebuildReadModels,
  startService,
  withPersonalData,
  type ServiceEnv,
} from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { contentService } from '@12yards/content/src/definition';
import { realServerEnv } from './common';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const PER_APPEND = Number(process.env.BENCH_PER_APPEND ?? 10);

async function seed(env: ServiceEnv) {
  const infra = await createInfrastructure('content', env, createLogger('bench-seed', 'warn'), { uses: [] });
  // Written as the service writes them: the FAQs' text sealed with each stream's key (plain text would have the
  // service seal every event in place when it starts, a one-time migration, not a start).
  const { store } = withPersonalData(
    infra.eventStore,
    infra.subjectKeys,
    contentService.personalData,
    () => env.INTERNAL_SECRET,
  );
  const at = new Date().toISOString();
  const t0 = performance.now();
  try {
    for (let n = 0; n < EVENTS; n += PER_APPEND) {
      const id = randomUUID();
      const fields = (i: number) => ({
        question: `Question ${n + i}?`,
        answer: 'An answer.',
        isActive: true,
        sortOrder: n,
      });
      await store.append(
        `faq-${id}`,
        'no_stream',
        Array.from({ length: Math.min(PER_APPEND, EVENTS - n) }, (_, i) =>
          i === 0
            ? { type: 'FaqCreated', data: { id, ...fields(i), at } }
            : { type: 'FaqUpdated', data: { id, ...fields(i), at } },
        ),
      );
    }
  } finally {
    await infra.close();
  }
  return Math.round(performance.now() - t0);
}

async function measure(adapters: 'embedded' | 'real') {
  const real = adapters === 'real' ? realServerEnv(`bench_rebuild_${Date.now().toString(36)}`) : {};
  const env = testServiceEnv(real as Partial<ServiceEnv>);
  const seedMs = await seed(env);
  // rebuildReadModels reads its configuration from the environment, as `npm run rebuild` does.
  const saved = { ...process.env };
  for (const [k, v] of Object.entries(env))
    if (v !== undefined && typeof v !== 'function') process.env[k] = String(v);
  let rebuild: { events: number; ms: number };
  try {
    const t0 = performance.now();
    const events = await rebuildReadModels(contentService);
    rebuild = { events, ms: Math.round(performance.now() - t0) };
  } finally {
    process.env = saved;
  }
  // The first start also checks the events once for text written before it was sealed (none here); later starts
  // do not.
  const start = async () => {
    const t1 = performance.now();
    const svc = await startService(contentService, env, { logger: createLogger('content', 'warn') });
    return { svc, ms: Math.round(performance.now() - t1) };
  };
  const first = await start();
  const startMs = first.ms;
  await first.svc.stop();
  const again = await start();
  const restartMs = again.ms;
  const faqs = await again.svc.ctx.infra.readModels.collection('faqs').count();
  await again.svc.stop();
  env.cleanup();
  return {
    seedMs,
    rebuild: { ...rebuild, perSecond: Math.round(rebuild.events / (rebuild.ms / 1000)) },
    startMs,
    restartMs,
    faqsAfter: faqs,
  };
}

async function main() {
  const embedded = await measure('embedded');
  const real = await measure('real');
  console.log(JSON.stringify({ bench: 'rebuild', events: EVENTS, perAppend: PER_APPEND, embedded, real }));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
