import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express } from 'express';
import request from 'supertest';
import { createLogger, ERASED_PERSONAL_DATA, finishHttpApp } from '@12yards/platform';
import { LIVE_RESYNC_EVENT, liveEvent } from '@12yards/api';
import { createContractsService } from '@12yards/contracts/src/definition';
import { validContract } from '@12yards/contracts/test/fixtures';
import { partnersService } from '@12yards/partners/src/definition';
import { clubApplication } from '@12yards/partners/test/helpers';
import { LiveEvents } from '../src/live-events';
import { startStack, TEST_ADMIN, TEST_EDITOR, type Stack } from '../src/testing';

jest.setTimeout(60_000);

interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** An open `GET /api/admin/events`, read as a browser's EventSource would (frames split on blank lines). */
interface Stream {
  res: IncomingMessage;
  frames: Frame[];
  /** Everything read so far, comments included. */
  raw(): string;
  /** Resolves with the first frame (seen or to come) that passes `match`, or fails after `ms`. */
  next(match: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  close(): void;
}

function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = get(`${base}/api/admin/events`, { headers }, (res) => {
      const frames: Frame[] = [];
      const waiters = new Set<() => void>();
      let buffered = '';
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            const m = /^(id|event|data): ?(.*)$/.exec(line);
            if (m) frame[m[1] as keyof Frame] = m[2];
          }
          if (frame.event || frame.data) frames.push(frame);
        }
        for (const w of waiters) w();
      });
      res.on('error', () => undefined);
      resolve({
        res,
        frames,
        raw: () => raw,
        next: (match, ms = 5000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const found = frames.find(match);
              if (!found) return;
              waiters.delete(check);
              clearTimeout(timer);
              ok(found);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
            }, ms);
            waiters.add(check);
            check();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

async function within(ms: number, check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An app listening on a free local port: its server and its base URL. */
async function listen(app: Express): Promise<{ server: Server; base: string }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Ends a listening server's connections (open streams too) and closes it. */
async function stopListening(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

/** The gateway with the partners and contracts services, listening, and an admin signed in to it. */
async function listeningStackWithAdmin(partnerWaitMs: number) {
  const stack = await startStack({ services: [partnersService, createContractsService({ partnerWaitMs })] });
  const { server, base } = await listen(stack.app);
  return {
    stack,
    base,
    ...(await signIn(stack.app, TEST_ADMIN)),
    async stop() {
      await stopListening(server);
      await stack.stop();
    },
  };
}

/** Signs in through the gateway: the session's cookie and its CSRF token. */
async function signIn(app: Express, who: { username: string; password: string }) {
  const res = await request(app).post('/api/auth/login').send(who).expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  return { cookie, csrf: res.body.csrfToken as string };
}

const contact = { name: 'Visitor One', email: 'one@example.com', subject: 'Hello', message: 'A question' };

describe('GET /api/admin/events: live updates for admins (server-sent events)', () => {
  let stack: Stack;
  let server: Server;
  let base: string;
  const cookies: Record<string, string> = {};
  const streams: Stream[] = [];

  const open = async (who: 'admin' | 'editor' = 'admin', extra: Record<string, string> = {}) => {
    const s = await openStream(base, { cookie: cookies[who]!, accept: 'text/event-stream', ...extra });
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    stack = await startStack({ services: [partnersService] });
    ({ server, base } = await listen(stack.app));
    for (const [role, who] of [
      ['admin', TEST_ADMIN],
      ['editor', TEST_EDITOR],
    ] as const)
      cookies[role] = (await signIn(stack.app, who)).cookie;
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => {
    if (server) await stopListening(server);
    await stack?.stop();
  });

  it('When no one is logged in, then it answers 401 JSON like every admin path, and opens no stream', async () => {
    const res = await request(stack.app).get('/api/admin/events').set('Accept', 'text/event-stream');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
    expect(stack.live.connections).toBe(0);
  });

  it('When an admin or an editor connects asking for gzip, then the stream starts at once, uncompressed and unbuffered', async () => {
    for (const who of ['admin', 'editor'] as const) {
      const s = await open(who, { 'accept-encoding': 'gzip, br' });
      expect(s.res.statusCode).toBe(200);
      expect(s.res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(s.res.headers['content-encoding']).toBeUndefined();
      expect(s.res.headers['x-accel-buffering']).toBe('no');
      // The reconnection delay is the stream's first line: it reaches the client before any event.
      await within(1000, () => /^retry: ?2000\n/.test(s.raw()));
    }
    await within(2000, () => stack.live.connections === 2);
  });

  it('When a visitor applies through the gateway, then a connected admin gets an application-submitted frame naming the company', async () => {
    const s = await open('admin', { 'accept-encoding': 'gzip' });
    const applied = await request(stack.app).post('/api/partners').send(clubApplication()).expect(201);
    const frame = await s.next((f) => f.event === 'application-submitted', 3000);
    const data = liveEvent.parse(JSON.parse(frame.data!));
    expect(data).toMatchObject({
      kind: 'application-submitted',
      entityType: 'partner',
      entityId: applied.body.id,
      title: 'New application from Riverside FC',
    });
    expect(frame.id).toBe(data.id);
  });

  it('When a visitor sends a message, then the admin gets a message-received frame with the sender, and nothing of the text', async () => {
    const s = await open('editor');
    const sent = await request(stack.app).post('/api/contacts').send(contact).expect(201);
    const frame = await s.next((f) => f.event === 'message-received', 3000);
    expect(JSON.parse(frame.data!)).toMatchObject({
      kind: 'message-received',
      entityType: 'contact',
      entityId: sent.body.id,
      title: 'New message from Visitor One',
    });
    expect(frame.data).not.toContain('A question');
    expect(frame.data).not.toContain('one@example.com');
  });

  it('When a client reconnects with Last-Event-ID, then it gets what it missed, in order, and nothing it had', async () => {
    const first = await open();
    await request(stack.app)
      .post('/api/partners')
      .send(clubApplication({ organization: 'Alpha FC' }))
      .expect(201);
    const seen = await first.next((f) => f.data?.includes('Alpha FC') ?? false);
    first.close();

    await request(stack.app)
      .post('/api/partners')
      .send(clubApplication({ organization: 'Beta FC' }))
      .expect(201);
    await request(stack.app)
      .post('/api/contacts')
      .send({ ...contact, name: 'Gamma' })
      .expect(201);
    // Wait until the gateway has read both (a stream opened without Last-Event-ID shows them).
    const watcher = await open();
    await request(stack.app)
      .post('/api/contacts')
      .send({ ...contact, name: 'Delta' })
      .expect(201);
    await watcher.next((f) => f.data?.includes('Delta') ?? false);

    const again = await open('admin', { 'last-event-id': seen.id! });
    await again.next((f) => f.data?.includes('Delta') ?? false);
    const titles = again.frames.flatMap((f) => (JSON.parse(f.data!) as { title?: string }).title ?? []);
    expect(titles).toEqual([
      'New application from Beta FC',
      'New message from Gamma',
      'New message from Delta',
    ]);
  });

  it('When the Last-Event-ID is not one this gateway holds (another run, or older than its buffer), then it is told to resync', async () => {
    const s = await open('admin', { 'last-event-id': 'deadbeef-3' });
    const frame = await s.next((f) => f.event === LIVE_RESYNC_EVENT, 2000);
    expect(frame.id).toMatch(/^[0-9a-f]{8}-\d+$/);
  });

  it('When clients close their streams, then the gateway lets every one of them go', async () => {
    // The previous tests' streams were closed after each.
    await within(2000, () => stack.live.connections === 0);
    const many = await Promise.all([open(), open('editor'), open()]);
    await within(2000, () => stack.live.connections === 3);
    for (const s of many) s.close();
    await within(2000, () => stack.live.connections === 0);
    // A stream opened after that still receives events: the bus subscription is the gateway's, not a client's.
    const s = await open();
    await request(stack.app)
      .post('/api/contacts')
      .send({ ...contact, name: 'Epsilon' })
      .expect(201);
    await s.next((f) => f.data?.includes('Epsilon') ?? false, 3000);
  });
});

describe('the live stream when nothing happens', () => {
  it('When no event comes for the heartbeat interval, then a comment line keeps proxies from closing the stream', async () => {
    const live = new LiveEvents({ logger: createLogger('test', 'silent'), heartbeatMs: 100 });
    const app = express();
    // A logged-in admin (the gateway's loadSession, tested above, sets this).
    app.use((req, _res, next) =>
      next(Object.assign(req, { session: { username: 'a', role: 'admin' } }) && undefined),
    );
    app.get('/api/admin/events', live.handler(undefined));
    const { server, base } = await listen(app);
    try {
      const s = await openStream(base, {});
      await within(1000, () => /\n:\n/.test(s.raw()));
      expect(s.frames).toEqual([]);
      s.close();
      await within(1000, () => live.connections === 0);
    } finally {
      await stopListening(server);
    }
  });
});

describe('the live stream when the admin session ends', () => {
  it('When the session a stream was opened with ends (logout, expiry, revocation), then the gateway closes the stream', async () => {
    let signedIn = true;
    const asked: (string | undefined)[] = [];
    const live = new LiveEvents({
      logger: createLogger('test', 'silent'),
      recheckMs: 50,
      stillSignedIn: async (token) => {
        asked.push(token);
        return signedIn;
      },
    });
    const app = express();
    app.use((req, _res, next) => {
      Object.assign(req, { session: { username: 'a', role: 'editor' }, sessionToken: 'cookie-value' });
      next();
    });
    app.get('/api/admin/events', live.handler(undefined));
    const { server, base } = await listen(app);
    try {
      const s = await openStream(base, {});
      let ended = false;
      s.res.once('end', () => (ended = true));
      await within(1000, () => asked.length >= 2);
      expect(ended).toBe(false);
      expect(asked).toContain('cookie-value');
      signedIn = false;
      await within(1000, () => ended);
      await within(1000, () => live.connections === 0);
    } finally {
      await live.stop();
      await stopListening(server);
    }
  });
});

describe('the live stream when a contract document is generated', () => {
  it('When an admin generates a contract document through the gateway, then a connected admin gets a document-generated frame for the contract', async () => {
    const running = await listeningStackWithAdmin(2_000);
    const { stack, base, cookie, csrf } = running;
    let s: Stream | undefined;
    try {
      s = await openStream(base, { cookie, accept: 'text/event-stream' });
      const partner = await request(stack.app).post('/api/partners').send(clubApplication()).expect(201);
      const contract = await request(stack.app)
        .post('/api/admin/contracts')
        .set({ cookie, 'X-CSRF-Token': csrf, 'Sec-Fetch-Site': 'same-origin' })
        .send(validContract(partner.body.id))
        .expect(201);
      await request(stack.app)
        .post(`/api/admin/contracts/${contract.body.id}/generate-document`)
        .set({ cookie, 'X-CSRF-Token': csrf, 'Sec-Fetch-Site': 'same-origin' })
        .expect(200);
      const frame = await s.next((f) => f.event === 'document-generated', 5000);
      expect(liveEvent.parse(JSON.parse(frame.data!))).toMatchObject({
        kind: 'document-generated',
        entityType: 'contract',
        entityId: contract.body.id,
        title: 'Contract document generated',
      });
      expect(frame.id).toBeDefined();
    } finally {
      s?.close();
      await running.stop();
    }
  });
});

describe('the live streams an admin may hold, and when they end', () => {
  let stack: Stack;
  let server: Server;
  let base: string;
  const streams: Stream[] = [];
  const open = async (cookie: string) => {
    const s = await openStream(base, { cookie, accept: 'text/event-stream' });
    streams.push(s);
    return s;
  };
  /** When the client saw the stream end (ms since the epoch). */
  const ended = (s: Stream) =>
    new Promise<number>((ok) => {
      if (s.res.readableEnded) ok(Date.now());
      s.res.once('end', () => ok(Date.now()));
    });
  /**
   * How long after `action` returned its streams were seen to end: at once means well under the 5 s recheck (the
   * action's own work, a password hash, is not counted).
   */
  const endedAfter = async (action: () => Promise<unknown>, ...endings: Promise<number>[]) => {
    await action();
    const done = Date.now();
    return Math.max(...(await Promise.all(endings)).map((t) => Math.max(0, t - done)));
  };

  beforeEach(async () => {
    stack = await startStack({ services: [] });
    ({ server, base } = await listen(stack.app));
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await stopListening(server);
    await stack.stop();
  });

  it('When one sign-in opens a fifth stream, then it is refused with 429 JSON and the four stay open; another sign-in still connects', async () => {
    const admin = await signIn(stack.app, TEST_ADMIN);
    const four = await Promise.all([1, 2, 3, 4].map(() => open(admin.cookie)));
    expect(four.map((s) => s.res.statusCode)).toEqual([200, 200, 200, 200]);
    const fifth = await request(stack.app)
      .get('/api/admin/events')
      .set('Cookie', admin.cookie)
      .set('Accept', 'text/event-stream');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({
      error: {
        code: 'too_many_streams',
        message: 'At most 4 live connections per sign-in: close another tab of the admin and reload',
      },
    });
    await within(2000, () => stack.live.connections === 4);
    expect(four.every((s) => !s.res.readableEnded)).toBe(true);
    const editor = await signIn(stack.app, TEST_EDITOR);
    expect((await open(editor.cookie)).res.statusCode).toBe(200);
    // A tab closed gives its place back.
    four[0]!.close();
    await within(2000, () => stack.live.connections === 4);
    expect((await open(admin.cookie)).res.statusCode).toBe(200);
  });

  it('When the admin logs out, then their open streams end at once (not at the next check) and another admin keeps theirs', async () => {
    const admin = await signIn(stack.app, TEST_ADMIN);
    const editor = await signIn(stack.app, TEST_EDITOR);
    const mine = [await open(admin.cookie), await open(admin.cookie)];
    const other = await open(editor.cookie);
    const logout = () =>
      request(stack.app)
        .post('/api/auth/logout')
        .set({ Cookie: admin.cookie, 'X-CSRF-Token': admin.csrf, 'Sec-Fetch-Site': 'same-origin' })
        .expect(204);
    expect(await endedAfter(logout, ...mine.map(ended))).toBeLessThan(1000);
    await within(2000, () => stack.live.connections === 1);
    expect(other.res.readableEnded).toBe(false);
    await request(stack.app).get('/api/admin/events').set('Cookie', admin.cookie).expect(401);
  });

  it('When an admin’s password or an editor’s role changes, then every stream of theirs ends at once', async () => {
    const admin = await signIn(stack.app, TEST_ADMIN);
    const editor = await signIn(stack.app, TEST_EDITOR);
    const adminStream = await open(admin.cookie);
    const editorStream = await open(editor.cookie);
    const newPassword = () =>
      stack.users.upsert({ username: TEST_ADMIN.username, password: 'a brand new passphrase 2026' });
    expect(await endedAfter(newPassword, ended(adminStream))).toBeLessThan(1000);
    expect(editorStream.res.readableEnded).toBe(false);

    const newRole = () => stack.users.upsert({ ...TEST_EDITOR, role: 'admin' });
    expect(await endedAfter(newRole, ended(editorStream))).toBeLessThan(1000);
    await within(2000, () => stack.live.connections === 0);
  });
});

describe('the live streams one gateway process holds', () => {
  it('When the process holds LIVE_MAX_STREAMS streams, then the next is refused with 503 and Retry-After, and a closed one frees a place', async () => {
    const live = new LiveEvents({ logger: createLogger('test', 'silent'), maxStreams: 2 });
    const app = express();
    let n = 0;
    // Each request its own signed-in admin, so only the process's bound can refuse.
    app.use((req, _res, next) => {
      Object.assign(req, { session: { username: 'a', role: 'admin', userId: 'u' }, sessionToken: `t${++n}` });
      next();
    });
    app.get('/api/admin/events', live.handler(undefined));
    finishHttpApp(app, createLogger('test', 'silent'));
    const { server, base: url } = await listen(app);
    try {
      const first = await openStream(url, {});
      await openStream(url, {});
      const refused = await request(url).get('/api/admin/events');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.body.error.code).toBe('too_many_streams');
      first.close();
      await within(2000, () => live.connections === 1);
      const again = await openStream(url, {});
      expect(again.res.statusCode).toBe(200);
    } finally {
      await live.stop();
      await stopListening(server);
    }
  });
});

describe('the live events a gateway keeps for replay, once a person is erased', () => {
  it('When an applicant who also wrote is erased, then a client reconnecting with an older Last-Event-ID is replayed their events titled "Erased personal data", never their name', async () => {
    const running = await listeningStackWithAdmin(1_000);
    const { stack, base, cookie, csrf } = running;
    const streams: Stream[] = [];
    try {
      const open = async (extra: Record<string, string> = {}) => {
        const s = await openStream(base, { cookie, accept: 'text/event-stream', ...extra });
        streams.push(s);
        return s;
      };
      const titles = (s: Stream) =>
        s.frames.flatMap((f) => (JSON.parse(f.data!) as { title?: string }).title ?? []);

      const first = await open();
      await request(stack.app).post('/api/contacts').send(contact).expect(201);
      const seen = await first.next((f) => f.data?.includes('Visitor One') ?? false);
      const person = { name: 'Ottilie Fenwick', email: 'o.fenwick@quayside.example' };
      await request(stack.app)
        .post('/api/partners')
        .send(clubApplication({ ...person, organization: 'Quayside Athletic' }))
        .expect(201);
      await request(stack.app)
        .post('/api/contacts')
        .send({ ...contact, ...person })
        .expect(201);
      await first.next((f) => f.data?.includes(person.name) ?? false);
      // Before the erasure the replay names them (the test can fail).
      const before = await open({ 'last-event-id': seen.id! });
      await before.next((f) => f.data?.includes(person.name) ?? false);
      expect(titles(before)).toEqual([
        'New application from Quayside Athletic',
        `New message from ${person.name}`,
      ]);

      await request(stack.app)
        .post('/api/admin/privacy/erasure')
        .set({ cookie, 'X-CSRF-Token': csrf, 'Sec-Fetch-Site': 'same-origin' })
        .send({ email: person.email })
        .expect(200);
      // A key the gateway read stands in for a read of the producer's store for at most 1 s (SubjectKeys).
      await new Promise((r) => setTimeout(r, 1_100));

      const after = await open({ 'last-event-id': seen.id! });
      await after.next((f) => f.event === 'message-received');
      expect(titles(after)).toEqual([
        `New application from ${ERASED_PERSONAL_DATA}`,
        `New message from ${ERASED_PERSONAL_DATA}`,
      ]);
      const replayed = after.frames.map((f) => f.data).join('\n');
      for (const plain of [person.name, person.email, 'Quayside Athletic'])
        expect(replayed).not.toContain(plain);
    } finally {
      for (const s of streams) s.close();
      await running.stop();
    }
  });
});
