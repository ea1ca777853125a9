// `npm run test:faults`: the real servers of infra/local stopped and restarted under load, and replicas of the
// partners service sharing the work. Each scenario prints its figures and the checks it failed; the exit code is
// the number of failed scenarios (0 = all passed). `-- --only kafka,replicas` runs some of them.
import { writeFileSync } from 'node:fs';
import { down, up } from '../local/infra.mjs';
import {
  contractBody,
  partnerBody,
  pct,
  promotionsByContract,
  retryOn503,
  sleep,
  startStack,
  until,
  type Reply,
  type Retried,
  type Stack,
} from './stack';

type Figures = Record<string, number | string>;
interface Outcome {
  figures: Figures;
  problems: string[];
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (msg: string) => process.stdout.write(`  ${msg}\n`);

/** A clear refusal: a 503 (or 502/504) whose JSON names what is wrong, answered in bounded time. */
const isClearUnavailable = (r: Reply) =>
  r.status === 503 &&
  typeof r.body?.error?.message === 'string' &&
  r.body.error.message.length > 10 &&
  r.ms < 15_000;

async function partnersKnownToContracts(stack: Stack, count: number): Promise<string[]> {
  const ids: string[] = [];
  // Written 4 at a time, as admins and the public form would.
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < count; i += 4) {
        const r = await stack.call('partners', 'POST', '/api/admin/partners', partnerBody());
        if (r.status !== 201)
          throw new Error(`creating a partner answered ${r.status} ${JSON.stringify(r.body)}`);
        ids.push(r.body.id);
      }
    }),
  );
  // The contracts service learns partners from the partners topic; look only at those it does not know yet.
  const unknown = new Set(ids);
  await until(
    'the contracts service to know the partners',
    async () => {
      await Promise.all(
        [...unknown].slice(0, 16).map(async (id) => {
          const r = await stack.call('contracts', 'GET', `/api/admin/partners/${id}/contracts`);
          if (r.status === 200) unknown.delete(id);
        }),
      );
      return unknown.size === 0;
    },
    120_000,
    100,
  );
  return ids;
}

async function partnerStatus(stack: Stack, id: string) {
  const r = await stack.call('partners', 'GET', `/api/admin/partners/${id}`);
  return r.status === 200 ? (r.body as { status: string; activeContracts: number }) : null;
}

/** Waits until every partner is promoted; returns when (ms since epoch) or throws with how many are not. */
async function allPromoted(stack: Stack, partnerIds: string[], timeoutMs: number): Promise<number> {
  const left = new Set(partnerIds);
  const end = Date.now() + timeoutMs;
  while (left.size > 0) {
    await Promise.all(
      [...left].slice(0, 16).map(async (id) => {
        if ((await partnerStatus(stack, id))?.status === 'Partner') left.delete(id);
      }),
    );
    if (left.size === 0) break;
    if (Date.now() > end) throw new Error(`${left.size} of ${partnerIds.length} partners never promoted`);
    await sleep(200);
  }
  return Date.now();
}

/** Promotions per acknowledged contract: missing (0) and duplicated (more than one PartnerPromoted). */
async function promotionFigures(stack: Stack, contractIds: string[]) {
  const byContract = await promotionsByContract(stack);
  let missing = 0;
  let duplicates = 0;
  for (const id of contractIds) {
    const n = byContract.get(id) ?? 0;
    if (n === 0) missing++;
    if (n > 1) duplicates += n - 1;
  }
  return { missing, duplicates };
}

// ---- (1) Kafka stopped for 30 s while 100 applications and 20 contracts are written ----
async function kafkaOutage(stack: Stack): Promise<Outcome> {
  const problems: string[] = [];
  const partners = await partnersKnownToContracts(stack, 20);
  const OUTAGE_MS = 30_000;
  await down(['kafka']);
  const stoppedAt = Date.now();
  log('Kafka stopped');
  const apps: Reply[] = [];
  const contracts: Reply[] = [];
  // 120 writes spread over the outage, each sent at its time whatever the others take: an application every slot,
  // a contract every sixth.
  const writes: Promise<void>[] = [];
  for (let i = 0; i < 120; i++) {
    const due = stoppedAt + (i * (OUTAGE_MS - 3000)) / 120;
    if (Date.now() < due) await sleep(due - Date.now());
    if (i % 6 === 5) {
      const partnerId = partners[Math.floor(i / 6)]!;
      writes.push(
        stack.call('contracts', 'POST', '/api/admin/contracts', contractBody(partnerId)).then((r) => {
          contracts.push(r);
        }),
      );
    } else
      writes.push(
        stack.call('partners', 'POST', '/api/admin/partners', partnerBody()).then((r) => {
          apps.push(r);
        }),
      );
  }
  await Promise.all(writes);
  if (Date.now() - stoppedAt < OUTAGE_MS) await sleep(OUTAGE_MS - (Date.now() - stoppedAt));
  const startAt = Date.now();
  await up(['kafka'], { quiet: true });
  const upAt = Date.now();
  log(`Kafka back after ${s(upAt - stoppedAt)} (start took ${s(upAt - startAt)})`);
  const ackedApps = apps.filter((r) => r.status === 201);
  const ackedContracts = contracts.filter((r) => r.status === 201);
  const refused = [...apps, ...contracts].filter((r) => r.status !== 201);
  for (const r of refused.slice(0, 3))
    problems.push(`write refused during the outage: ${r.status} ${JSON.stringify(r.body)}`);
  const promotedPartners = ackedContracts.map((r) => r.body.partnerId as string);
  let doneAt = NaN;
  try {
    doneAt = await allPromoted(stack, promotedPartners, 120_000);
  } catch (err) {
    problems.push((err as Error).message);
  }
  // Every acknowledged write is there, and its events reached the other service.
  let lost = 0;
  for (const r of ackedApps)
    if ((await stack.call('partners', 'GET', `/api/admin/partners/${r.body.id}`)).status !== 200) lost++;
  for (const r of ackedContracts)
    if ((await stack.call('contracts', 'GET', `/api/admin/contracts/${r.body.id}`)).status !== 200) lost++;
  let notRelayed = 0;
  const relayedBy = Date.now() + 60_000;
  for (const r of ackedApps) {
    const path = `/api/admin/partners/${r.body.id}/contracts`;
    while ((await stack.call('contracts', 'GET', path)).status !== 200) {
      if (Date.now() > relayedBy) {
        notRelayed++;
        break;
      }
      await sleep(200);
    }
  }
  const { missing, duplicates } = await promotionFigures(
    stack,
    ackedContracts.map((r) => r.body.id),
  );
  if (lost) problems.push(`${lost} acknowledged writes are missing`);
  if (notRelayed) problems.push(`${notRelayed} applications never reached the contracts service`);
  if (missing) problems.push(`${missing} contracts never promoted their partner`);
  if (duplicates) problems.push(`${duplicates} duplicate promotions`);
  if (ackedApps.length < 100 || ackedContracts.length < 20)
    problems.push('some writes were not acknowledged while Kafka was down (the outbox should take them)');
  const writeMs = [...apps, ...contracts].map((r) => r.ms);
  return {
    problems,
    figures: {
      'writes sent': apps.length + contracts.length,
      'writes acknowledged': ackedApps.length + ackedContracts.length,
      'write p95 during outage': `${pct(writeMs, 95)} ms`,
      lost: lost,
      'events not relayed': notRelayed,
      promotions: ackedContracts.length - missing,
      'missing promotions': missing,
      'duplicate promotions': duplicates,
      outage: s(upAt - stoppedAt),
      'recovery (Kafka up -> last promotion)': Number.isNaN(doneAt) ? 'never' : s(doneAt - upAt),
    },
  };
}

// ---- (2) the partners consumer killed in the middle of a batch, restarted by start.mjs ----
// Contracts are written throughout; those sent while partners is down cannot have their partner confirmed unless
// the contracts service's view already knows it, and get a 503 with Retry-After: the client tries again after it,
// so every contract is eventually created once, and a 404 (a partner that exists called missing) is a failure.
async function consumerKill(stack: Stack): Promise<Outcome> {
  const problems: string[] = [];
  const N = 30;
  const partners = await partnersKnownToContracts(stack, N);
  const before = stack.pids('partners');
  const writes: Retried[] = [];
  let killedAt = 0;
  let promotedAtKill = 0;
  let viewKnewAtKill = 0;
  const watcher = (async () => {
    for (;;) {
      const done = [...(await promotionsByContract(stack)).keys()].filter((id) =>
        writes.some((w) => w.final.body?.id === id),
      ).length;
      if (done >= 6) {
        for (const pid of stack.pids('partners')) process.kill(pid, 'SIGKILL');
        killedAt = Date.now();
        promotedAtKill = done;
        viewKnewAtKill = await stack
          .db('contracts')
          .collection('rm_partners_view')
          .countDocuments({ _id: { $in: partners } } as never);
        return;
      }
      await sleep(20);
    }
  })();
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < N; i += 4)
        writes.push(
          await retryOn503(() =>
            stack.call('contracts', 'POST', '/api/admin/contracts', contractBody(partners[i]!)),
          ),
        );
    }),
  );
  await watcher;
  log(
    `partners (pid ${before.join(',')}) killed with ${promotedAtKill}/${N} promotions done; the contracts view knew ${viewKnewAtKill}/${N} partners`,
  );
  const acked = writes.map((w) => w.final).filter((r) => r.status === 201);
  const refused = writes.map((w) => w.final).find((r) => r.status !== 201);
  if (refused)
    problems.push(
      `${N - acked.length} contracts never created, e.g. ${refused.status} ${JSON.stringify(refused.body).slice(0, 200)}`,
    );
  const unavailable = writes.flatMap((w) => w.unavailable);
  const unclear = unavailable.filter((r) => !isClearUnavailable(r) || !r.retryAfter);
  if (unclear.length)
    problems.push(
      `${unclear.length} 503s without a clear message or Retry-After, e.g. ${unclear[0]!.retryAfter} ${JSON.stringify(unclear[0]!.body).slice(0, 200)}`,
    );
  await until('partners to be restarted', async () => stack.pids('partners').length > 0, 30_000);
  let doneAt = NaN;
  try {
    doneAt = await allPromoted(
      stack,
      acked.map((r) => r.body.partnerId),
      90_000,
    );
  } catch (err) {
    problems.push((err as Error).message);
  }
  const { missing, duplicates } = await promotionFigures(
    stack,
    acked.map((r) => r.body.id),
  );
  // Nothing half-written by a 503: each partner has exactly the one contract its write created.
  let wrongCounts = 0;
  let extraContracts = 0;
  for (const id of partners) {
    if ((await partnerStatus(stack, id))?.activeContracts !== 1) wrongCounts++;
    const list = await stack.call('contracts', 'GET', `/api/admin/partners/${id}/contracts?limit=10`);
    if (Array.isArray(list.body) && list.body.length !== 1) extraContracts += Math.abs(list.body.length - 1);
  }
  if (missing) problems.push(`${missing} contracts never promoted their partner`);
  if (duplicates) problems.push(`${duplicates} duplicate promotions`);
  if (wrongCounts) problems.push(`${wrongCounts} partners do not count exactly one active contract`);
  if (extraContracts) problems.push(`${extraContracts} contracts too many or too few (half-written writes)`);
  const retried = writes.filter((w) => w.unavailable.length > 0);
  return {
    problems,
    figures: {
      'contracts created': `${acked.length}/${N}`,
      'created at the first try': writes.filter((w) => w.final.status === 201 && !w.unavailable.length)
        .length,
      'created after 503 + Retry-After': `${retried.filter((w) => w.final.status === 201).length} (${unavailable.length} 503s, slowest ${s(Math.max(0, ...retried.map((w) => w.ms)))})`,
      '404 for an existing partner': writes.filter((w) => w.final.status === 404).length,
      'partners in contracts view at the kill': `${viewKnewAtKill}/${N}`,
      'promotions before the kill': promotedAtKill,
      promotions: acked.length - missing,
      'missing promotions': missing,
      'duplicate promotions': duplicates,
      'partners with a wrong contract count': wrongCounts,
      'recovery (kill -> last promotion)': Number.isNaN(doneAt) ? 'never' : s(doneAt - killedAt),
    },
  };
}

// ---- (3) Redis stopped while contract documents are being generated ----
async function redisOutage(stack: Stack): Promise<Outcome> {
  const problems: string[] = [];
  const partners = await partnersKnownToContracts(stack, 6);
  const contractIds: string[] = [];
  for (const p of partners) {
    const r = await stack.call('contracts', 'POST', '/api/admin/contracts', contractBody(p));
    if (r.status !== 201) throw new Error(`contract: ${r.status} ${JSON.stringify(r.body)}`);
    contractIds.push(r.body.id);
  }
  const generate = (id: string) =>
    stack.call('contracts', 'POST', `/api/admin/contracts/${id}/generate-document`, undefined, 30_000);
  // Five documents asked for at once; Redis stops as soon as the first job exists.
  const pending = contractIds.slice(0, 5).map(generate);
  await until(
    'a document job to be enqueued',
    async () => stack.logLines('contract document job enqueued').length > 0,
    20_000,
    10,
  );
  await down(['redis']);
  const stoppedAt = Date.now();
  log('Redis stopped');
  const during = await Promise.all(pending);
  const jobIds = [...stack.logLines('contract document job enqueued')].map((l) => String(l.jobId));
  // While it is down: a new request, and a look at a job, answer at once with what is going on.
  const newRequest = await generate(contractIds[5]!);
  const lookUp = await stack.call('contracts', 'GET', `/api/admin/contracts/jobs/${jobIds[0]}`);
  for (const [what, r] of [
    ['a new document request', newRequest],
    ['a job status request', lookUp],
  ] as const) {
    if (!isClearUnavailable(r))
      problems.push(
        `${what} while Redis is down answered ${r.status} in ${r.ms} ms: ${JSON.stringify(r.body).slice(0, 200)}`,
      );
  }
  const unclear = during.filter((r) => r.status >= 500 && !isClearUnavailable(r));
  if (unclear.length)
    problems.push(
      `${unclear.length} requests in flight got an unclear ${unclear[0]!.status}: ${JSON.stringify(unclear[0]!.body).slice(0, 200)}`,
    );
  await sleep(Math.max(0, 8000 - (Date.now() - stoppedAt)));
  await up(['redis'], { quiet: true });
  const upAt = Date.now();
  log(`Redis back after ${s(upAt - stoppedAt)}; ${jobIds.length} jobs were enqueued`);
  let doneAt = NaN;
  let states: string[] = [];
  try {
    doneAt = await until(
      'every enqueued document job to complete',
      async () => {
        states = [];
        for (const id of jobIds)
          states.push((await stack.call('contracts', 'GET', `/api/admin/contracts/jobs/${id}`)).body?.state);
        return states.every((st) => st === 'completed') && Date.now();
      },
      90_000,
      250,
    );
  } catch (err) {
    problems.push(`${(err as Error).message}; states: ${states.join(', ')}`);
  }
  const after = await generate(contractIds[5]!);
  if (after.status !== 200) problems.push(`a document request after Redis returned answered ${after.status}`);
  return {
    problems,
    figures: {
      'jobs enqueued': jobIds.length,
      'jobs completed': states.filter((st) => st === 'completed').length,
      'answers in flight': during.map((r) => r.status).join(' '),
      'new request while down': `${newRequest.status} in ${newRequest.ms} ms (${newRequest.body?.error?.message ?? ''})`,
      'job status while down': `${lookUp.status} in ${lookUp.ms} ms`,
      'recovery (Redis up -> all jobs completed)': Number.isNaN(doneAt) ? 'never' : s(doneAt - upAt),
    },
  };
}

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// ---- (4) MinIO stopped: uploads answer a clear 503, and succeed after ----
async function minioOutage(stack: Stack): Promise<Outcome> {
  const problems: string[] = [];
  const first = await stack.upload('before.png', PNG, 'image/png');
  if (first.status !== 201) problems.push(`upload before the outage answered ${first.status}`);
  await down(['minio']);
  const stoppedAt = Date.now();
  log('MinIO stopped');
  const during: Reply[] = [];
  for (let i = 0; i < 5; i++) during.push(await stack.upload(`during-${i}.png`, PNG, 'image/png'));
  const unclear = during.filter((r) => !isClearUnavailable(r));
  if (unclear.length)
    problems.push(
      `${unclear.length}/5 uploads while MinIO is down did not answer a clear 503: ${unclear[0]!.status} ${JSON.stringify(unclear[0]!.body).slice(0, 200)}`,
    );
  await up(['minio'], { quiet: true });
  const upAt = Date.now();
  let okAt = NaN;
  try {
    okAt = await until(
      'an upload to succeed',
      async () => (await stack.upload('after.png', PNG, 'image/png')).status === 201 && Date.now(),
      30_000,
      200,
    );
  } catch (err) {
    problems.push((err as Error).message);
  }
  return {
    problems,
    figures: {
      'uploads while down': during.map((r) => r.status).join(' '),
      'slowest answer while down': `${Math.max(...during.map((r) => r.ms))} ms`,
      message: during[0]?.body?.error?.message ?? '',
      outage: s(upAt - stoppedAt),
      'recovery (MinIO up -> upload 201)': Number.isNaN(okAt) ? 'never' : s(okAt - upAt),
    },
  };
}

// ---- (5) the MongoDB-wire server restarted: services reconnect by themselves ----
async function mongoRestart(stack: Stack): Promise<Outcome> {
  const problems: string[] = [];
  const pidsBefore = ['partners', 'contracts', 'media', 'content', 'status'].map((sv) =>
    stack.pids(sv as never).join(),
  );
  const [partnerId] = await partnersKnownToContracts(stack, 1);
  await down(['mongo']);
  const stoppedAt = Date.now();
  log('FerretDB stopped');
  const during = await stack.call('partners', 'POST', '/api/admin/partners', partnerBody());
  if (during.status !== 503 || during.ms > 15_000)
    problems.push(
      `a write while the database is down answered ${during.status} in ${during.ms} ms: ${JSON.stringify(during.body).slice(0, 200)}`,
    );
  await sleep(Math.max(0, 5000 - (Date.now() - stoppedAt)));
  await up(['mongo'], { quiet: true });
  const upAt = Date.now();
  log(`FerretDB back after ${s(upAt - stoppedAt)}`);
  let okAt = NaN;
  try {
    okAt = await until(
      'writes to every service to succeed',
      async () =>
        (await stack.call('partners', 'POST', '/api/admin/partners', partnerBody())).status === 201 &&
        (await stack.call('contracts', 'POST', '/api/admin/contracts', contractBody(partnerId!))).status ===
          201 &&
        Date.now(),
      60_000,
      250,
    );
  } catch (err) {
    problems.push((err as Error).message);
  }
  // The contract above must still promote its partner: the event path works after the restart too.
  let promotedAt = NaN;
  try {
    promotedAt = await allPromoted(stack, [partnerId!], 60_000);
  } catch (err) {
    problems.push((err as Error).message);
  }
  const pidsAfter = ['partners', 'contracts', 'media', 'content', 'status'].map((sv) =>
    stack.pids(sv as never).join(),
  );
  const restarted = pidsAfter.filter((p, i) => p !== pidsBefore[i]).length;
  if (restarted) problems.push(`${restarted} services were restarted instead of reconnecting`);
  return {
    problems,
    figures: {
      'write while down': `${during.status} in ${during.ms} ms`,
      outage: s(upAt - stoppedAt),
      'recovery (FerretDB up -> writes succeed)': Number.isNaN(okAt) ? 'never' : s(okAt - upAt),
      'promotion after restart': Number.isNaN(promotedAt) ? 'never' : s(promotedAt - upAt),
      'services restarted': restarted,
    },
  };
}

// ---- (6) three partners replicas: 100 ContractCreated, exactly 100 promotions, spread over the replicas ----
async function replicas(stack: Stack): Promise<Outcome> {
  const problems: string[] = [];
  const N = 100;
  const instances = stack.pids('partners').length;
  if (instances !== 3) problems.push(`expected 3 partners processes, found ${instances}`);
  const partners = await partnersKnownToContracts(stack, N);
  const t0 = Date.now();
  const contracts: Reply[] = [];
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < N; i += 4)
        contracts.push(
          await stack.call('contracts', 'POST', '/api/admin/contracts', contractBody(partners[i]!)),
        );
    }),
  );
  const acked = contracts.filter((r) => r.status === 201);
  let doneAt = NaN;
  try {
    doneAt = await allPromoted(
      stack,
      acked.map((r) => r.body.partnerId),
      90_000,
    );
  } catch (err) {
    problems.push((err as Error).message);
  }
  await sleep(1000); // a duplicate would land within this
  const { missing, duplicates } = await promotionFigures(
    stack,
    acked.map((r) => r.body.id),
  );
  const ours = new Set(acked.map((r) => r.body.id as string));
  const perInstance = new Map<string, number>();
  for (const l of stack.logLines('partner promoted'))
    if (ours.has(String(l.contractId)))
      perInstance.set(String(l.instance), (perInstance.get(String(l.instance)) ?? 0) + 1);
  const busy = [...perInstance.values()].filter((n) => n > 0).length;
  if (acked.length !== N) problems.push(`${N - acked.length} contracts not acknowledged`);
  if (missing) problems.push(`${missing} contracts never promoted their partner`);
  if (duplicates) problems.push(`${duplicates} duplicate promotions`);
  if (busy < 2)
    problems.push(`the promotions were not spread: ${JSON.stringify(Object.fromEntries(perInstance))}`);
  // Reads through the balancer after a write are consistent whichever replica answers.
  let stale = 0;
  for (let i = 0; i < 30; i++) {
    const w = await stack.call('partners', 'POST', '/api/admin/partners', partnerBody());
    const r = await stack.call('partners', 'GET', `/api/admin/partners/${w.body.id}`);
    if (r.status !== 200) stale++;
  }
  if (stale) problems.push(`${stale}/30 reads right after a write did not find it`);
  // Every gateway replica refreshes its public pages on the content service's events (each needs its own group).
  const gateways = [0, 1].map((r) => `http://127.0.0.1:${stack.port + 250 + r}/news`);
  for (const url of gateways) await fetch(url).then((r) => r.text()); // cached before the article exists
  const title = `Replica news ${Date.now()}`;
  const article = await stack.call('content', 'POST', '/api/news', {
    title,
    excerpt: 'Seen by every gateway replica.',
    content: 'Published once, shown everywhere.',
  });
  if (article.status !== 201) problems.push(`publishing news answered ${article.status}`);
  const seenAfter: (number | null)[] = [];
  const published = Date.now();
  for (const url of gateways) {
    const seen = await until(
      `${url} to show the new article`,
      async () => (await fetch(url).then((r) => r.text())).includes(title) && Date.now(),
      15_000,
      200,
    ).catch(() => null);
    seenAfter.push(seen && seen - published);
  }
  if (seenAfter.some((t) => t === null))
    problems.push(`a gateway replica never showed the new article: ${JSON.stringify(seenAfter)}`);
  return {
    problems,
    figures: {
      'partners replicas': instances,
      'ContractCreated events': acked.length,
      promotions: acked.length - missing,
      'duplicate promotions': duplicates,
      'per replica': [...perInstance.entries()]
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
      'all promoted after': Number.isNaN(doneAt) ? 'never' : s(doneAt - t0),
      'stale reads after a write (of 30)': stale,
      'new article on gateway replicas after': seenAfter
        .map((t) => (t === null ? 'never' : `${t} ms`))
        .join(', '),
    },
  };
}

const SCENARIOS: Record<
  string,
  { title: string; run: (s: Stack) => Promise<Outcome>; stack: 'single' | 'replicas' }
> = {
  kafka: { title: '(1) Kafka stopped for 30 s under writes', run: kafkaOutage, stack: 'single' },
  consumer: { title: '(2) consumer killed mid-batch and restarted', run: consumerKill, stack: 'single' },
  redis: { title: '(3) Redis stopped during document generation', run: redisOutage, stack: 'single' },
  minio: { title: '(4) MinIO stopped during uploads', run: minioOutage, stack: 'single' },
  mongo: { title: '(5) FerretDB restarted', run: mongoRestart, stack: 'single' },
  replicas: {
    title: '(6) 3 partners and 2 gateway replicas, 100 ContractCreated',
    run: replicas,
    stack: 'replicas',
  },
};

let current: Stack | undefined;
// Interrupted: stop the stack and leave every server running.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void Promise.allSettled([current?.stop(), up(undefined, { quiet: true })]).then(() => process.exit(130));
  });

async function main() {
  const only =
    process.argv.find((a) => a.startsWith('--only='))?.slice(7) ??
    (process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined);
  const names = only ? only.split(',') : Object.keys(SCENARIOS);
  for (const n of names)
    if (!SCENARIOS[n]) throw new Error(`unknown scenario ${n}; one of ${Object.keys(SCENARIOS).join(', ')}`);
  const started = Date.now();
  await up(undefined, { quiet: true });
  const port = Number(process.env.FAULTS_PORT ?? 9680);
  let failed = 0;
  const summary: string[] = [];
  for (const kind of ['single', 'replicas'] as const) {
    const mine = names.filter((n) => SCENARIOS[n]!.stack === kind);
    if (mine.length === 0) continue;
    const stack = (current = await startStack({
      port,
      label: kind === 'single' ? 'faults' : 'replicas',
      replicas: kind === 'replicas' ? 'partners=3,gateway=2' : undefined,
    }));
    try {
      for (const name of mine) {
        const sc = SCENARIOS[name]!;
        process.stdout.write(`\n${sc.title}\n`);
        const t0 = Date.now();
        let outcome: Outcome;
        try {
          outcome = await sc.run(stack);
        } catch (err) {
          outcome = { figures: {}, problems: [`crashed: ${(err as Error).stack}`] };
        } finally {
          await up(undefined, { quiet: true }); // whatever happened, the servers are up for the next one
        }
        for (const [k, v] of Object.entries(outcome.figures))
          process.stdout.write(`    ${k.padEnd(40)} ${v}\n`);
        for (const p of outcome.problems) process.stdout.write(`    FAIL: ${p}\n`);
        const ok = outcome.problems.length === 0;
        if (!ok) failed++;
        summary.push(`${ok ? 'pass' : 'FAIL'}  ${sc.title} (${s(Date.now() - t0)})`);
      }
    } finally {
      if (failed && process.env.FAULTS_KEEP_LOGS) process.stdout.write(`  logs: ${stack.logFile}\n`);
      await stack.stop();
    }
  }
  process.stdout.write(
    `\n${summary.join('\n')}\nfaults: ${names.length - failed} passed, ${failed} failed in ${s(Date.now() - started)}\n`,
  );
  if (process.env.FAULTS_RESULTS)
    writeFileSync(process.env.FAULTS_RESULTS, JSON.stringify({ passed: names.length - failed, failed }));
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
