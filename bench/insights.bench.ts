/**
 * The dashboard (issue 29): GET /api/admin/insights through the gateway, now and with ?at=, at 2,000 partners,
 * 5,000 contracts and over 50,000 events over the last 16 weeks (applications, status changes, first contracts,
 * messages and their answers, action items, contracts and their edits, news articles), made through each service's
 * deciders and event stores (handleCommand, as the API does) and projected by each service's own projector.
 * Budget: p95 at most 100 ms now, at most 300 ms with ?at= (a moment in the middle of the stream). Prints the figures
 * as JSON; exits non-zero over budget.
 *
 * BENCH_N (default 200) requests of each kind, after 20 warm-up requests. Beside the wall-time p95 (the budget) it
 * prints the p50, the p95 of the CPU time each request took in this process and the machine's load average: on a
 * machine shared with other jobs the wall time grows with the load, the CPU time does not.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { handleCommand, type Decider, type DomainEvent, type EventStore } from '@12yards/platform';
import { contentService } from '@12yards/content/src/definition';
import { newsDecider } from '@12yards/content/src/news/decide';
import { newsStreamId } from '@12yards/content/src/news/events';
import { contractsService } from '@12yards/contracts/src/definition';
import { contractDecider } from '@12yards/contracts/src/contract/decide';
import { streamId as contractStreamId } from '@12yards/contracts/src/contract/events';
import { validContract } from '@12yards/contracts/test/fixtures';
import { partnersService } from '@12yards/partners/src/definition';
import { partnerActionDecider } from '@12yards/partners/src/action/decide';
import { actionStreamId } from '@12yards/partners/src/action/events';
import { contactDecider } from '@12yards/partners/src/contact/decide';
import { contactStreamId } from '@12yards/partners/src/contact/events';
import { partnerDecider } from '@12yards/partners/src/partner/decide';
import { detailKeys, partnerStreamId, type PartnerDetails } from '@12yards/partners/src/partner/events';
import { startStack, TEST_ADMIN } from '@12yards/gateway/testing';

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
const BUDGET_NOW_MS = 100;
const BUDGET_AT_MS = 300;
const PARTNERS = 2000;
const CONTRACTS = 5000;
const ARTICLES = 1000;
/** The events the run must have made, at least (the figure). */
const EVENTS = 50_000;
const DAY = 86_400_000;
const SPAN_DAYS = 112;

/** The clock of every service (and so of every event stored): seeding walks it through the last 16 weeks. */
const start = Date.now() - SPAN_DAYS * DAY;
let now = new Date(start);
const step = (i: number, of: number) => {
  now = new Date(start + Math.floor(((i + 1) / of) * (SPAN_DAYS - 1) * DAY));
};

let events = 0;
type WithoutAt<C> = C extends unknown ? Omit<C, 'at'> : never;
async function run<S, C extends { at: Date }, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C, E>,
  command: WithoutAt<C>,
) {
  const result = await handleCommand(store, stream, decider, { ...command, at: now } as C);
  events += result.events.length;
}

const details = (i: number): PartnerDetails => ({
  ...(Object.fromEntries(detailKeys.map((key) => [key, null])) as Record<keyof PartnerDetails, null>),
  name: `Person ${i}`,
  email: `person${i}@example.org`,
  type: i % 3 ? 'club' : 'influencer',
  organization: `Club ${i}`,
  message: 'We would like to work with you.',
});

const STATUSES = [
  'In Progress',
  'Pending',
  'In Progress',
  'Approved',
  'In Progress',
  'Rejected',
  'Pending',
  'In Progress',
  'Approved',
  'In Progress',
  'Pending',
  'In Progress',
] as const;

async function seed(stack: Awaited<ReturnType<typeof startStack>>) {
  const partners = stack.services.partners!.ctx;
  const contracts = stack.services.contracts!.ctx;
  const content = stack.services.content!.ctx;
  const ids = Array.from({ length: PARTNERS }, () => randomUUID());
  for (let i = 0; i < PARTNERS; i++) {
    step(i, PARTNERS * 2);
    const id = ids[i]!;
    await run(partners.infra.eventStore, partnerStreamId(id), partnerDecider, {
      type: 'SubmitApplication',
      id,
      details: details(i),
      source: 'public',
    });
    for (const status of STATUSES.slice(0, 1 + (i % STATUSES.length)))
      await run(partners.infra.eventStore, partnerStreamId(id), partnerDecider, {
        type: 'UpdatePartner',
        id,
        status,
      });
    const message = randomUUID();
    await run(partners.infra.eventStore, contactStreamId(message), contactDecider, {
      type: 'ReceiveMessage',
      id: message,
      name: 'Sam',
      email: 'sam@example.org',
      subject: 'Tickets',
      message: 'Hello',
    });
    const action = randomUUID();
    await run(partners.infra.eventStore, actionStreamId(action), partnerActionDecider, {
      type: 'CreateAction',
      id: action,
      partnerId: id,
      partnerExists: true,
      actionText: 'Call back',
      dueDate: new Date(now.getTime() + (i % 20) * DAY).toISOString().slice(0, 10),
    });
    await run(partners.infra.eventStore, contactStreamId(message), contactDecider, {
      type: 'ChangeContactStatus',
      id: message,
      status: 'read',
    });
    if (i % 2) {
      await run(partners.infra.eventStore, contactStreamId(message), contactDecider, {
        type: 'ChangeContactStatus',
        id: message,
        status: 'responded',
      });
      await run(partners.infra.eventStore, actionStreamId(action), partnerActionDecider, {
        type: 'UpdateAction',
        id: action,
        partnerId: id,
        isCompleted: true,
      });
    }
  }
  for (let i = 0; i < CONTRACTS; i++) {
    step(PARTNERS + (i * PARTNERS) / CONTRACTS, PARTNERS * 2);
    const id = randomUUID();
    const partnerId = ids[i % PARTNERS]!;
    const end = new Date(now.getTime() + (30 + (i % 300)) * DAY).toISOString().slice(0, 10);
    const fields = { ...validContract(partnerId), startDate: now.toISOString().slice(0, 10), endDate: end };
    await run(contracts.infra.eventStore, contractStreamId(id), contractDecider, {
      type: 'CreateContract',
      id,
      fields,
      partnerKnown: true,
    });
    // Four edits of its end date: each moves it in the renewals to chase.
    for (const weeks of [1, 2, 3, 4])
      await run(contracts.infra.eventStore, contractStreamId(id), contractDecider, {
        type: 'UpdateContract',
        id,
        fields: {
          ...fields,
          endDate: new Date(Date.parse(end) + weeks * 7 * DAY).toISOString().slice(0, 10),
        },
      });
    // Three partners in five get a first contract; the others stay in the pipeline.
    if (i < PARTNERS && i % 5 < 3)
      await run(partners.infra.eventStore, partnerStreamId(partnerId), partnerDecider, {
        type: 'RecordContractCreated',
        id: partnerId,
        contractId: id,
      });
  }
  for (let i = 0; i < ARTICLES; i++) {
    step(i, ARTICLES);
    const id = randomUUID();
    await run(content.infra.eventStore, newsStreamId(id), newsDecider, {
      type: 'CreateNewsArticle',
      id,
      fields: {
        title: `Story ${i}`,
        excerpt: 'What happened, in one line.',
        content: 'A paragraph of the article.',
        category: 'general',
        imageUrl: null,
        // Half went live when written, half are scheduled after the run (their go-live jobs wait till then).
        publishDate: new Date(
          i % 2 ? now.getTime() - DAY : Date.now() + 30 * DAY + i * 3_600_000,
        ).toISOString(),
        featured: false,
        published: true,
      },
    });
  }
  now = new Date();
  for (const svc of [partners, contracts, content]) await svc.projector.catchUp();
}

/**
 * One request: its wall time, and the CPU time this process (client, gateway and services, all in it) spent on it,
 * which other processes on a busy machine do not inflate the way they do the wall time.
 */
async function timed(url: string, cookie: string) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as { unavailable?: string[] };
  if (res.status !== 200 || body.unavailable?.length)
    throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  const cpu = process.cpuUsage(cpu0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 };
}

const quantile = (times: number[], q: number) =>
  [...times].sort((x, y) => x - y)[Math.ceil(times.length * q) - 1]!;
const p95 = (times: number[]) => quantile(times, 0.95);
const ms = (value: number) => Math.round(value * 10) / 10;
/** The machine's 1-minute load average and its cores: a p95 measured on a busy machine says so beside it. */
const load = () => ({
  loadAverage1m: Math.round(os.loadavg()[0]! * 10) / 10,
  cores: os.availableParallelism(),
});

async function main() {
  process.env.LOG_LEVEL ??= 'warn';
  const stack = await startStack({
    services: [partnersService, contractsService, contentService],
    clock: () => now,
  });
  const server = stack.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const gw = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const t0 = performance.now();
    await seed(stack);
    const seedSeconds = (performance.now() - t0) / 1000;
    now = new Date();
    const login = await fetch(`${gw}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const at = new Date(start + (SPAN_DAYS / 2) * DAY + 3_600_000 + 1234).toISOString();
    const nowTimes: number[] = [];
    const atTimes: number[] = [];
    const nowCpu: number[] = [];
    const atCpu: number[] = [];
    const loadBefore = load();
    for (let i = 0; i < N + WARMUP; i++) {
      const a = await timed(`${gw}/api/admin/insights`, cookie);
      const b = await timed(`${gw}/api/admin/insights?at=${encodeURIComponent(at)}`, cookie);
      if (i >= WARMUP) {
        nowTimes.push(a.wall);
        atTimes.push(b.wall);
        nowCpu.push(a.cpu);
        atCpu.push(b.cpu);
      }
    }
    const result = {
      bench: 'insights',
      partners: PARTNERS,
      contracts: CONTRACTS,
      events,
      seedSeconds: Math.round(seedSeconds),
      now: {
        p95Ms: ms(p95(nowTimes)),
        p50Ms: ms(quantile(nowTimes, 0.5)),
        cpuP95Ms: ms(p95(nowCpu)),
        budgetMs: BUDGET_NOW_MS,
      },
      at: {
        p95Ms: ms(p95(atTimes)),
        p50Ms: ms(quantile(atTimes, 0.5)),
        cpuP95Ms: ms(p95(atCpu)),
        budgetMs: BUDGET_AT_MS,
        at,
      },
      machine: { before: loadBefore, after: load() },
    };
    const within = events >= EVENTS && result.now.p95Ms <= BUDGET_NOW_MS && result.at.p95Ms <= BUDGET_AT_MS;
    console.log(JSON.stringify({ ...result, within }, null, 2));
    process.exitCode = within ? 0 : 1;
  } finally {
    server.closeAllConnections();
    server.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
