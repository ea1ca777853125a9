#!/usr/bin/env node
// `npm run test:compose`: the product as docker-compose runs it (npm run compose:up), tested from outside: requests
// go only to the gateway published on 127.0.0.1:GATEWAY_PORT, and faults are made with `docker` (kill, restart,
// pause). Scales partners to 3 replicas and the gateway to 2 (behind the balancer) first. Prints each scenario's figures; exits with the number of failed
// scenarios. `-- --only journeys,replicas` runs some of them; `-- --observability` also checks Prometheus.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile, spawnSync } from 'node:child_process';
import { compose, containers, containersAsync, gatewayUrl, requireEngine, waitHealthy } from './compose.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BASE = gatewayUrl();
const PROMETHEUS = `http://127.0.0.1:${process.env.PROMETHEUS_PORT || '9090'}`;
const JAEGER = `http://127.0.0.1:${process.env.JAEGER_PORT || '16686'}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const out = (msg) => process.stdout.write(`${msg}\n`);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const RUN = Date.now().toString(36);

function docker(...args) {
  const r = spawnSync('docker', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}
/** docker without blocking the event loop: a `docker restart` takes seconds, and the writes in flight meanwhile must
 * be sent and answered on time, not when it returns. */
function dockerAsync(...args) {
  return new Promise((resolve, reject) =>
    execFile('docker', args, { encoding: 'utf8' }, (err, stdout, stderr) =>
      err ? reject(new Error(`docker ${args.join(' ')}: ${stderr.trim()}`)) : resolve(stdout.trim()),
    ),
  );
}
const ids = (service) => containers().filter((c) => c.service === service);

// ---- an admin session through the gateway: the session cookie, the CSRF token, the site's Origin ----

function secrets() {
  return Object.fromEntries(
    readFileSync(join(root, 'infra/docker/.env.secrets'), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

const client = { cookies: new Map(), csrf: '' };

/** One request to the gateway; no answer at all is status 0 (counted as not acknowledged). */
async function call(method, path, body, { timeoutMs = 30_000, raw = false, form, key } = {}) {
  const t0 = Date.now();
  const headers = { origin: BASE };
  if (key) headers['idempotency-key'] = key;
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (client.csrf && method !== 'GET') headers['x-csrf-token'] = client.csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      client.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    let json = null;
    if (!raw && (res.headers.get('content-type') ?? '').includes('json'))
      json = JSON.parse(bytes.toString('utf8'));
    return { status: res.status, body: json, bytes, headers: res.headers, ms: Date.now() - t0 };
  } catch (err) {
    return { status: 0, body: { error: { message: String(err.cause ?? err) } }, ms: Date.now() - t0 };
  }
}

/**
 * Sends a write until it is not a 503 with Retry-After (2 minutes at most). `send` gets one Idempotency-Key for all
 * its tries, so a create the server saved before it answered 503 is answered on the next try, not made twice.
 */
async function retried(send) {
  const t0 = Date.now();
  const key = randomUUID();
  let unavailable = 0;
  for (;;) {
    const r = await send(key);
    const after = Number(r.headers?.get('retry-after'));
    if (r.status !== 503 || !Number.isFinite(after) || Date.now() - t0 > 120_000)
      return { ...r, unavailable };
    unavailable++;
    await sleep(Math.max(after, 1) * 1000);
  }
}

async function login() {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = secrets();
  client.cookies.clear();
  client.csrf = '';
  const r = await call('POST', '/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  if (r.status !== 200) throw new Error(`admin login answered ${r.status} ${JSON.stringify(r.body)}`);
  client.csrf = r.body.csrfToken;
}

let seq = 0;
const application = (kind = 'club') => ({
  name: `Compose ${kind} ${RUN}-${++seq}`,
  email: `compose-${RUN}-${seq}@example.com`,
  type: 'club',
  organization: `Compose FC ${seq}`,
});
const contractBody = (partnerId) => ({
  partnerId,
  companyName: 'Compose FC Ltd',
  registrationNumber: '12345678',
  companyAddress: '1 Pitch Lane, London',
  clientName: 'Alex Keeper',
  clientEmail: 'alex@example.com',
  clientTelephone: '+44 20 7946 0000',
  clientPosition: 'Director',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  lengthMonths: 12,
  platformName: 'Compose Fans',
  revenueSharePercent: 10,
  pollsPerMonth: 2,
  auctionsPerMonth: 1,
  articlesPerWeek: 1,
  quizPerMonth: 1,
  setupFee: '£1,000',
  penaltyFeePerMonth: '£100',
});

async function until(label, fn, timeoutMs, everyMs = 250) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${s(timeoutMs)} waiting for ${label}`);
    await sleep(everyMs);
  }
}

/**
 * A contract's document as the admin app gets it: the POST answers the .docx, or 202 with the job (still queued or
 * running), which is polled until done and then downloaded. `status` 200 with the bytes, or the failing answer.
 */
async function documentOf(contractId, timeoutMs = 90_000) {
  const t0 = Date.now();
  let r = await call('POST', `/api/admin/contracts/${contractId}/generate-document`, undefined, {
    raw: true,
    timeoutMs,
  });
  const job = r.headers?.get('x-job-id');
  while (r.status === 202 && job && Date.now() - t0 < timeoutMs) {
    await sleep(500);
    r = await call('GET', `/api/admin/contracts/jobs/${job}/download`, undefined, { raw: true });
    if (r.status === 409) r = { ...r, status: 202 }; // not ready yet
  }
  const docx = r.status === 200 && r.bytes?.subarray(0, 2).toString('latin1') === 'PK';
  return { ...r, docx, job, ms: Date.now() - t0 };
}

/** Partners created by the admin, and known to the contracts service (so a contract can name them). */
async function partnersForContracts(count) {
  const made = [];
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < count; i += 4) {
        const body = application();
        const r = await retried((key) => call('POST', '/api/admin/partners', body, { key }));
        if (r.status !== 201)
          throw new Error(`creating a partner answered ${r.status} ${JSON.stringify(r.body)}`);
        made.push(r.body.id);
      }
    }),
  );
  const unknown = new Set(made);
  await until(
    'the contracts service to know the partners',
    async () => {
      for (const id of [...unknown].slice(0, 16))
        if ((await call('GET', `/api/admin/partners/${id}/contracts`)).status === 200) unknown.delete(id);
      return unknown.size === 0;
    },
    120_000,
  );
  return made;
}

/** Every row of a paginated admin list (at most 100 a page): follows the `Link: <...>; rel="next"` headers. */
async function listAll(path) {
  const rows = [];
  let next = `${path}${path.includes('?') ? '&' : '?'}limit=100`;
  for (let pages = 0; next && pages < 100; pages++) {
    const r = await call('GET', next);
    if (r.status !== 200 || !Array.isArray(r.body)) break;
    rows.push(...r.body);
    const link = /<([^>]+)>;\s*rel="next"/.exec(r.headers.get('link') ?? '')?.[1];
    next = link ? link.replace(/^https?:\/\/[^/]+/, '') : null;
  }
  return rows;
}

/** PartnerPromoted per partner, read from its history (the status change made by ContractCreated). */
async function promotionsOf(partnerId) {
  const r = await call('GET', `/api/admin/history/partner/${partnerId}`);
  if (r.status !== 200) return 0;
  // A PartnerPromoted entry (actor system), or, as older histories told it, a status change made by ContractCreated.
  return r.body.filter(
    (e) =>
      e.type === 'PartnerPromoted' || (e.actor === 'ContractCreated' && /→ Partner/.test(e.summary ?? '')),
  ).length;
}

/** Waits until every partner is promoted (or the time is up); returns missing and duplicated promotions. */
async function promotionFigures(partnerIds, timeoutMs = 180_000) {
  const t0 = Date.now();
  const wanted = new Set(partnerIds);
  const end = t0 + timeoutMs;
  for (;;) {
    // Every partner of the status (the list answers 20 rows by default: counting only those waited out the timeout).
    const promoted = (await listAll('/api/partners?status=Partner')).filter((p) => wanted.has(p.id)).length;
    if (promoted === wanted.size || Date.now() > end) break;
    await sleep(500);
  }
  const allPromotedAt = Date.now();
  // Each partner's history, once the queues are drained: a duplicate would be a second status change.
  await sleep(2000);
  const values = [];
  for (const id of partnerIds) values.push(await promotionsOf(id));
  return {
    promotions: values.reduce((a, b) => a + b, 0),
    missing: values.filter((n) => n === 0).length,
    duplicates: values.reduce((a, n) => a + Math.max(0, n - 1), 0),
    allPromotedAt,
  };
}

/** Deliveries of contract events each partners replica handled, from its own /metrics (read through docker exec). */
function contractDeliveriesByReplica() {
  const script =
    "fetch('http://127.0.0.1:8103/metrics').then((r) => r.text()).then((t) => { let n = 0; for (const l of t.split('\\n')) { if (l.startsWith('event_handling_duration_seconds_count') && l.includes('outcome=\"ok\"')) n += Number(l.split(' ').pop()); } console.log(n); })";
  return new Map(ids('partners').map((c) => [c.name, Number(docker('exec', c.id, 'node', '-e', script))]));
}

/** Requests each gateway replica answered (all but its probes), from its metrics port (read through docker exec). */
function gatewayRequestsByReplica() {
  const script =
    "fetch('http://127.0.0.1:9080/metrics').then((r) => r.text()).then((t) => { let n = 0; for (const l of t.split('\\n')) { if (l.startsWith('http_request_duration_seconds_count') && !/route=\"\\/(readyz|healthz)\"/.test(l)) n += Number(l.split(' ').pop()); } console.log(n); })";
  return new Map(ids('gateway').map((c) => [c.name, Number(docker('exec', c.id, 'node', '-e', script))]));
}

const shares = (before, after, prefix) =>
  [...after].map(([name, count]) => [
    name.replace(/^.*?_(\w[\w-]*)_(\d+)$/, `${prefix}-$2`),
    count - (before.get(name) ?? 0),
  ]);

// ---- scenarios ----

async function journeys() {
  const problems = [];
  const figures = {};
  // A visitor applies (no session).
  const saved = { cookies: new Map(client.cookies), csrf: client.csrf };
  client.cookies.clear();
  client.csrf = '';
  const visitor = await call('POST', '/api/partners', {
    ...application('visitor'),
    position: 'Chair',
    message: 'We would like to bring our fans',
  });
  Object.assign(client, saved);
  if (visitor.status !== 201) throw new Error(`the visitor's application answered ${visitor.status}`);
  figures['application'] = `201 in ${visitor.ms} ms`;
  const partnerId = visitor.body.id;
  await until(
    'the contracts service to know the applicant',
    async () => (await call('GET', `/api/admin/partners/${partnerId}/contracts`)).status === 200,
    60_000,
  );
  const contract = await retried((key) =>
    call('POST', '/api/admin/contracts', contractBody(partnerId), { key }),
  );
  if (contract.status !== 201)
    throw new Error(`the admin's contract answered ${contract.status} ${JSON.stringify(contract.body)}`);
  figures['contract'] = `201 in ${contract.ms} ms`;
  const t0 = Date.now();
  const promoted = await until(
    'the promotion',
    async () => {
      const p = await call('GET', `/api/admin/partners/${partnerId}`);
      return p.body?.status === 'Partner' && p.body;
    },
    60_000,
  );
  figures['promotion'] = `Partner after ${s(Date.now() - t0)} (active contracts ${promoted.activeContracts})`;
  const doc = await documentOf(contract.body.id);
  if (!doc.docx) problems.push(`generate-document answered ${doc.status}, not a .docx`);
  else if (!(doc.headers.get('content-disposition') ?? '').includes(`contract-${contract.body.id}.docx`))
    problems.push('the document is not named after its contract');
  figures['document'] = `${doc.status}, ${doc.bytes?.length ?? 0} bytes in ${doc.ms} ms`;
  const title = `Compose news ${RUN}`;
  const news = await call('POST', '/api/news', {
    title,
    excerpt: `${title} in short`,
    content: `${title} in full`,
  });
  if (news.status !== 201) problems.push(`creating an article answered ${news.status}`);
  const t1 = Date.now();
  const shown = await until(
    'the article on the public news list',
    async () => {
      const list = await call('GET', '/api/news');
      const items = Array.isArray(list.body) ? list.body : (list.body?.items ?? []);
      return items.some((a) => a.title === title);
    },
    30_000,
  ).catch(() => false);
  if (!shown) problems.push('the new article never appeared on the public news list');
  const page = await call('GET', '/news');
  if (page.status !== 200 || !(page.headers.get('content-type') ?? '').includes('text/html'))
    problems.push(`the public news page answered ${page.status}`);
  figures['article public'] = shown ? `after ${s(Date.now() - t1)}` : 'never';
  return { figures, problems };
}

async function replicas() {
  const problems = [];
  const n = ids('partners').length;
  if (n !== 3) problems.push(`${n} partners replicas running, not 3`);
  const g = ids('gateway').length;
  if (g !== 2) problems.push(`${g} gateway replicas running, not 2`);
  const before = contractDeliveriesByReplica();
  const gatewaysBefore = gatewayRequestsByReplica();
  const partners = await partnersForContracts(100);
  const t0 = Date.now();
  const contracts = [];
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < partners.length; i += 4)
        contracts.push(
          await retried((key) => call('POST', '/api/admin/contracts', contractBody(partners[i]), { key })),
        );
    }),
  );
  const contractsDoneAt = Date.now();
  const acked = contracts.filter((r) => r.status === 201).length;
  if (acked !== 100) problems.push(`${acked} of 100 contracts acknowledged`);
  const p = await promotionFigures(partners);
  if (p.promotions !== 100) problems.push(`${p.promotions} promotions, not exactly 100`);
  const after = contractDeliveriesByReplica();
  const share = shares(before, after, 'partners');
  for (const [name, count] of share) if (count <= 0) problems.push(`${name} handled no contract event`);
  const gatewayShare = shares(gatewaysBefore, gatewayRequestsByReplica(), 'gateway');
  for (const [name, count] of gatewayShare) if (count <= 0) problems.push(`${name} answered no request`);
  return {
    problems,
    figures: {
      'partners replicas': n,
      'gateway replicas (behind the balancer)': g,
      'contracts acknowledged': acked,
      promotions: p.promotions,
      'missing promotions': p.missing,
      'duplicate promotions': p.duplicates,
      '100 contracts sent (4 at a time) in': s(contractsDoneAt - t0),
      'first contract -> all promoted': s(p.allPromotedAt - t0),
      'last contract acknowledged -> all promoted': s(Math.max(0, p.allPromotedAt - contractsDoneAt)),
      'contract events per partners replica': share.map(([name, c]) => `${name}: ${c}`).join(', '),
      'requests per gateway replica': gatewayShare.map(([name, c]) => `${name}: ${c}`).join(', '),
    },
  };
}

/**
 * Writes (admin partner creations, or what `write` sends) at a steady pace for `windowMs`, `fault` done after
 * `faultAfterMs`; each write retried on 503 with Retry-After. Figures: sent, acknowledged, failed, lost (acknowledged
 * but not readable afterwards), duplicated (more than one partner of one write's name), recovery.
 */
async function writesDuring(
  label,
  fault,
  { windowMs = 20_000, every = 250, faultAfterMs = 2000, write, check, untilFaultDone = false } = {},
) {
  const problems = [];
  const results = [];
  const t0 = Date.now();
  let faultAt = 0;
  let firstFailureAt = 0;
  let lastFailureAt = 0;
  let faultOver = false;
  const faultDone = (async () => {
    await sleep(faultAfterMs);
    faultAt = Date.now();
    await fault();
  })().finally(() => (faultOver = true));
  const pending = [];
  // Writes go on for the window, or (untilFaultDone) until the fault is over and the window has passed.
  for (let i = 0; Date.now() - t0 < windowMs || (untilFaultDone && !faultOver); i++) {
    const due = t0 + i * every;
    if (Date.now() < due) await sleep(due - Date.now());
    const body = application(label);
    const send = write
      ? (key) => write(i, key)
      : (key) => call('POST', '/api/admin/partners', body, { timeoutMs: 60_000, key });
    pending.push(
      retried(send).then((r) => {
        if (r.unavailable && !firstFailureAt) firstFailureAt = Date.now();
        if (r.unavailable) lastFailureAt = Date.now();
        results.push({ ...r, name: body.name });
      }),
    );
  }
  await faultDone;
  await Promise.all(pending);
  await waitHealthy(180_000);
  const recoveredAt = Date.now();
  const acked = results.filter((r) => r.status === 201 || r.status === 200);
  const failed = results.filter((r) => r.status !== 201 && r.status !== 200);
  for (const r of failed.slice(0, 3))
    problems.push(`a write failed: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  let lost;
  let duplicated;
  let readableAfter = 0;
  if (check) ({ lost, duplicated } = await check(acked));
  else {
    // The read models may still be catching up once every container is healthy again: an acknowledged write is
    // lost only if it is still not readable a minute later (a 503 or a timeout on the way is asked again).
    for (const deadline = Date.now() + 60_000; ; await sleep(2000)) {
      const names = new Map();
      for (const p of await listAll('/api/partners')) names.set(p.name, (names.get(p.name) ?? 0) + 1);
      const unreadable = [];
      duplicated = 0;
      for (const r of acked) {
        const n = names.get(r.name) ?? 0;
        if (n > 1) duplicated += n - 1;
        if (n > 0) continue;
        const read = await call('GET', `/api/admin/partners/${r.body.id}`);
        if (read.status !== 200) unreadable.push(read.status);
      }
      lost = unreadable.length;
      if (lost === 0 || Date.now() > deadline) {
        if (lost) problems.push(`unreadable writes answered ${[...new Set(unreadable)].join(', ')}`);
        break;
      }
    }
    readableAfter = Date.now() - recoveredAt;
  }
  if (lost) problems.push(`${lost} acknowledged writes lost`);
  if (duplicated) problems.push(`${duplicated} writes duplicated`);
  return {
    problems,
    figures: {
      'writes sent': results.length,
      acknowledged: acked.length,
      failed: failed.length,
      'retried after 503': results.filter((r) => r.unavailable).length,
      lost,
      duplicated,
      'unavailable window': firstFailureAt ? s(lastFailureAt - firstFailureAt) : '0 s',
      'fault -> all healthy': s(recoveredAt - faultAt),
      ...(!check && { 'all healthy -> every write readable': s(readableAfter) }),
    },
  };
}

const restart = (service) => async () => {
  for (const c of ids(service)) await dockerAsync('restart', '-t', '10', c.id);
};

/** Stops a service's containers for `ms`, then starts them again: an outage longer than any client timeout. */
const outage = (service, ms) => async () => {
  const stopped = ids(service);
  for (const c of stopped) await dockerAsync('stop', '-t', '10', c.id);
  await sleep(ms);
  for (const c of stopped) await dockerAsync('start', c.id);
};

async function killPartnersReplica() {
  const problems = [];
  const partners = await partnersForContracts(30);
  const [victim] = ids('partners');
  const contracts = [];
  let killedAt = 0;
  await Promise.all([
    (async () => {
      for (let i = 0; i < partners.length; i++) {
        contracts.push(
          await retried((key) => call('POST', '/api/admin/contracts', contractBody(partners[i]), { key })),
        );
        if (i === 5) {
          docker('kill', victim.id);
          killedAt = Date.now();
        }
      }
    })(),
  ]);
  const p = await promotionFigures(partners);
  docker('start', victim.id);
  await waitHealthy(180_000);
  const acked = contracts.filter((r) => r.status === 201).length;
  if (acked !== partners.length) problems.push(`${acked} of ${partners.length} contracts acknowledged`);
  if (p.missing) problems.push(`${p.missing} partners never promoted`);
  if (p.duplicates) problems.push(`${p.duplicates} duplicate promotions`);
  return {
    problems,
    figures: {
      'contracts sent': partners.length,
      acknowledged: acked,
      'retried after 503': contracts.filter((r) => r.unavailable).length,
      promotions: p.promotions,
      lost: p.missing,
      duplicated: p.duplicates,
      'kill -> all promoted': s(p.allPromotedAt - killedAt),
    },
  };
}

async function minioRestart() {
  const upload = (i) => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), `compose-${RUN}-${i}.png`);
    return call('POST', '/api/admin/upload', undefined, { form });
  };
  return writesDuring('minio', restart('minio'), {
    windowMs: 15_000,
    every: 500,
    write: upload,
    check: async (acked) => {
      let lost = 0;
      for (const r of acked) {
        const url = r.body?.url ?? r.body?.fileUrl;
        if (!url || (await call('GET', url, undefined, { raw: true })).status !== 200) lost++;
      }
      return { lost, duplicated: 0 };
    },
  });
}

async function redisRestart() {
  // Document jobs go through Redis (BullMQ); sessions too, so the admin logs in again when it lost them.
  const partners = await partnersForContracts(1);
  const contract = await retried((key) =>
    call('POST', '/api/admin/contracts', contractBody(partners[0]), { key }),
  );
  if (contract.status !== 201) throw new Error(`contract answered ${contract.status}`);
  const r = await writesDuring('redis', restart('redis'), {
    windowMs: 15_000,
    every: 1000,
    write: async () => {
      let d = await documentOf(contract.body.id);
      if (d.status === 401) {
        await login();
        d = await documentOf(contract.body.id);
      }
      return d;
    },
    check: async (acked) => ({ lost: acked.filter((d) => !d.docx).length, duplicated: 0 }),
  });
  return r;
}

async function pauseWorker() {
  const problems = [];
  const partners = await partnersForContracts(3);
  const contracts = [];
  for (const id of partners)
    contracts.push(
      (await retried((key) => call('POST', '/api/admin/contracts', contractBody(id), { key }))).body,
    );
  const [worker] = ids('contracts-worker');
  docker('pause', worker.id);
  const pausedAt = Date.now();
  const jobs = contracts.map((c) => documentOf(c.id, 120_000));
  await sleep(10_000);
  docker('unpause', worker.id);
  const unpausedAt = Date.now();
  const answers = await Promise.all(jobs);
  const completed = answers.filter((a) => a.docx).length;
  for (const a of answers.filter((x) => !x.docx)) problems.push(`a document request ended with ${a.status}`);
  const lateMs = Math.max(...answers.map((a) => a.ms)) - (unpausedAt - pausedAt);
  if (completed !== contracts.length) problems.push(`${completed} of ${contracts.length} documents`);
  return {
    problems,
    figures: {
      'document jobs': contracts.length,
      completed,
      lost: contracts.length - completed,
      'document requests answered': answers.map((a) => `${a.status} in ${s(a.ms)}`).join(', '),
      paused: s(unpausedAt - pausedAt),
      'unpause -> last document': s(lateMs),
    },
  };
}

/**
 * Every container of the stack restarted one at a time (the next once all are healthy again) while admin writes go
 * on, from the first restart to the last. The balancer, the one published port, is not restarted: it stands for the
 * load balancer in front of the stack, which a rolling restart of the stack does not touch.
 */
async function rollingRestart() {
  const order = [
    'status',
    'content',
    'media',
    'contracts-worker',
    'contracts',
    'partners',
    'gateway',
    'redis',
    'minio',
    'kafka',
    'mongo',
  ];
  const times = [];
  const r = await writesDuring(
    'rolling',
    async () => {
      for (const service of order)
        for (const c of (await containersAsync()).filter((x) => x.service === service)) {
          const t0 = Date.now();
          await dockerAsync('restart', '-t', '10', c.id);
          await waitHealthy(180_000, 1000);
          times.push([c.name.replace(/^[^_]+_/, ''), Date.now() - t0]);
        }
    },
    { windowMs: 10_000, every: 500, untilFaultDone: true },
  );
  r.figures['containers restarted one at a time'] = times.length;
  r.figures['restart -> all healthy, each'] = times.map(([n, ms]) => `${n} ${s(ms)}`).join(', ');
  return r;
}

async function prometheusTargets() {
  const problems = [];
  const r = await until(
    'Prometheus to have scraped every replica',
    async () => {
      const res = await fetch(`${PROMETHEUS}/api/v1/targets`).then((x) => x.json());
      const targets = res.data.activeTargets.filter((t) => t.labels.job !== 'otel-collector');
      return targets.length > 0 && targets.every((t) => t.health === 'up') && targets;
    },
    90_000,
    2000,
  ).catch((e) => (problems.push(e.message), []));
  const byApp = {};
  for (const t of r) byApp[t.labels.app] = (byApp[t.labels.app] ?? 0) + 1;
  const expected = {};
  for (const c of containers())
    if (
      !['mongo', 'kafka', 'redis', 'minio', 'prometheus', 'balancer', 'otel-collector', 'jaeger'].includes(
        c.service,
      )
    )
      expected[c.service] = (expected[c.service] ?? 0) + 1;
  for (const [app, n] of Object.entries(expected))
    if (byApp[app] !== n) problems.push(`${app}: ${byApp[app] ?? 0} targets up, ${n} replicas running`);
  return {
    problems,
    figures: Object.fromEntries(Object.entries(byApp).map(([a, n]) => [`${a} targets up`, n])),
  };
}

/**
 * The spans of every process reach Jaeger through the collector: each app names itself as a service there, and a
 * write through the gateway is one trace with the gateway's and the partners service's spans.
 */
async function traces() {
  const problems = [];
  const body = application('traced');
  const created = await retried((key) => call('POST', '/api/admin/partners', body, { key }));
  if (created.status !== 201) problems.push(`the traced write answered ${created.status}`);
  // A read of every service through the gateway, so each has a request to trace.
  for (const path of ['/api/service-status', '/api/news', '/api/admin/media', '/api/admin/contracts/ending'])
    await call('GET', path);
  const jaeger = (path) => fetch(`${JAEGER}${path}`).then((r) => r.json());
  const expected = ['gateway', 'status', 'content', 'partners', 'contracts', 'media'];
  let known = [];
  await until(
    'Jaeger to know every app',
    async () => {
      known = (await jaeger('/api/services')).data ?? [];
      return expected.every((s) => known.includes(s)) && known;
    },
    90_000,
    2000,
  ).catch((e) =>
    problems.push(`${e.message}: missing ${expected.filter((s) => !known.includes(s)).join(', ')}`),
  );
  const crossing = await until(
    'a trace with the gateway and the partners service',
    async () => {
      const found = await jaeger('/api/traces?service=gateway&limit=200&lookback=1h');
      return (found.data ?? []).find((t) => {
        const names = new Set(Object.values(t.processes).map((p) => p.serviceName));
        return names.has('gateway') && names.has('partners');
      });
    },
    60_000,
    2000,
  ).catch((e) => (problems.push(e.message), null));
  return {
    problems,
    figures: {
      'services in Jaeger': known.length ? [...known].sort().join(', ') : 'none',
      'spans in a gateway -> partners trace': crossing ? crossing.spans.length : 0,
    },
  };
}

const SCENARIOS = {
  journeys,
  replicas,
  'kill-partners-replica': killPartnersReplica,
  'restart-kafka': () => writesDuring('kafka', restart('kafka'), { windowMs: 25_000 }),
  'restart-redis': redisRestart,
  'restart-minio': minioRestart,
  'restart-mongo': () => writesDuring('mongo', restart('mongo'), { windowMs: 20_000 }),
  'outage-mongo': () =>
    writesDuring('mongo-outage', outage('mongo', 60_000), { windowMs: 20_000, untilFaultDone: true }),
  'pause-worker': pauseWorker,
  'rolling-restart': rollingRestart,
  prometheus: prometheusTargets,
  traces,
};

async function main() {
  requireEngine();
  const args = process.argv.slice(2);
  const onlyArg = args.find((a) => a.startsWith('--only'));
  const only = onlyArg
    ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : args[args.indexOf(onlyArg) + 1]).split(',')
    : null;
  const observability = args.includes('--observability');
  const names = Object.keys(SCENARIOS).filter((n) =>
    only
      ? only.includes(n)
      : n !== 'outage-mongo' && (!['prometheus', 'traces'].includes(n) || observability),
  );
  const started = Date.now();
  out(
    `test:compose against ${BASE} (docker-compose project ${process.env.COMPOSE_PROJECT_NAME || '12yards'})`,
  );
  if (ids('partners').length !== 3 || ids('gateway').length !== 2) {
    out('scaling partners to 3 replicas and the gateway to 2');
    compose(
      [
        'up',
        '-d',
        '--no-build',
        '--no-recreate',
        '--scale',
        'partners=3',
        '--scale',
        'gateway=2',
        'partners',
        'gateway',
      ],
      { quiet: true },
    );
  }
  await waitHealthy(300_000);
  await login();
  let failed = 0;
  for (const name of names) {
    const t0 = Date.now();
    out(`\n== ${name}`);
    let outcome;
    try {
      outcome = await SCENARIOS[name]();
    } catch (err) {
      outcome = { figures: {}, problems: [err.message] };
      await waitHealthy(180_000).catch(() => undefined);
    }
    // A restarted Redis may have dropped the admin session.
    if ((await call('GET', '/api/auth/me')).status !== 200) await login().catch(() => undefined);
    for (const [k, v] of Object.entries(outcome.figures)) out(`  ${k}: ${v}`);
    if (outcome.problems.length) {
      failed++;
      for (const p of outcome.problems) out(`  FAILED: ${p}`);
    }
    out(`  ${outcome.problems.length ? 'FAIL' : 'PASS'} in ${s(Date.now() - t0)}`);
  }
  out(`\ntest:compose: ${names.length - failed} passed, ${failed} failed in ${s(Date.now() - started)}`);
  out(`${names.length - failed} passed, ${failed} failed`);
  process.exitCode = failed;
}

main().catch((err) => {
  out(`test:compose: ${err.message}`);
  process.exit(99);
});
