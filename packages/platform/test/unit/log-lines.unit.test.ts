import request from 'supertest';
import {
  chooseLogFormat,
  createHttpApp,
  createLogger,
  finishHttpApp,
  HttpError,
  LogSampler,
  prettyLine,
  redactUrl,
  refuseBusy,
} from '../../src';

function capture() {
  const lines: string[] = [];
  return {
    lines,
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    destination: { write: (line: string) => void lines.push(line) },
  };
}

describe('logged URLs: credentials and emails in the query are redacted', () => {
  it('When a query names a password, passwd, secret, token or key (any case, inside a longer name), then its value is redacted and the rest kept', () => {
    expect(redactUrl('/partner-console?email=a%40b.c&password=hunter2')).toBe(
      '/partner-console?email=[Redacted]&password=[Redacted]',
    );
    // A person's email (the privacy export's query) would outlive their erasure in the logs.
    expect(redactUrl('/api/admin/privacy/export?email=ann%40riverside.example')).toBe(
      '/api/admin/privacy/export?email=[Redacted]',
    );
    expect(redactUrl('/x?PASSWD=1&client_secret=2&accessToken=3&api_key=4&Key=5&page=2&q=token')).toBe(
      '/x?PASSWD=[Redacted]&client_secret=[Redacted]&accessToken=[Redacted]&api_key=[Redacted]&Key=[Redacted]&page=2&q=token',
    );
    // An encoded name is judged by what it says; a name without a value has nothing to hide.
    expect(redactUrl('/x?new%50assword=abc&token')).toBe('/x?new%50assword=[Redacted]&token');
    expect(redactUrl('/api/news?page=2')).toBe('/api/news?page=2');
    expect(redactUrl('/api/news')).toBe('/api/news');
  });
});

describe('LOG_FORMAT', () => {
  it("When an error carries its client's state with cycles (the MongoDB driver's topology), then the line still says the error's type, message and code", () => {
    const logs = capture();
    const topology: Record<string, unknown> = { servers: new Map([['mongo:27017', { type: 'Unknown' }]]) };
    topology.self = topology;
    class MongoServerSelectionError extends Error {}
    const err = Object.assign(new MongoServerSelectionError('Server selection timed out after 10000 ms'), {
      reason: topology,
      code: 'ETIMEOUT',
      errorLabels: ['TransientTransactionError'],
    });
    createLogger('partners', 'info', logs.destination).error({ err }, 'request failed');
    const [line] = logs.parsed();
    expect(line!.err).toMatchObject({
      type: 'MongoServerSelectionError',
      message: 'Server selection timed out after 10000 ms',
      code: 'ETIMEOUT',
      errorLabels: ['TransientTransactionError'],
    });
    expect(line!.err).not.toHaveProperty('reason');
  });

  it("When a request fails with such an error, then the service's 'request failed' line says it the same way", async () => {
    const logs = capture();
    const logger = createLogger('partners', 'info', logs.destination);
    const app = createHttpApp({ logger });
    app.get('/x', () => {
      throw Object.assign(new TypeError('the topology is closed'), {
        reason: { servers: [{ type: 'Unknown' }] },
      });
    });
    await request(finishHttpApp(app, logger)).get('/x').expect(500);
    const failed = logs.parsed().find((l) => l.msg === 'request failed');
    expect(failed?.err).toMatchObject({ type: 'TypeError', message: 'the topology is closed' });
    expect(failed?.err).not.toHaveProperty('reason');
  });

  it('When LOG_FORMAT is given, then it decides; when not, a terminal gets pretty and a pipe gets json', () => {
    expect(chooseLogFormat({ LOG_FORMAT: 'json' }, { isTTY: true })).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'Pretty' }, { isTTY: false })).toBe('pretty');
    expect(chooseLogFormat({}, { isTTY: false })).toBe('json');
    expect(chooseLogFormat({}, { isTTY: true })).toBe('pretty');
    expect(chooseLogFormat({ LOG_FORMAT: '' }, {})).toBe('json');
  });
});

describe('readable log lines', () => {
  it('When a request line is made readable, then it is one short line: time, process, method, path, status, time taken', () => {
    const json = JSON.stringify({
      level: 30,
      time: '2026-11-26T14:02:11.123Z',
      service: 'gateway',
      req: { id: 'r1', method: 'GET', url: '/api/news' },
      res: { statusCode: 200 },
      responseTime: 12,
      msg: 'GET /api/news 200 12 ms',
    });
    expect(prettyLine(json)).toBe('14:02:11 gateway   GET /api/news 200 12 ms\n');
  });

  it('When a service line has fields or an error, then the fields follow as key=value and an error its stack; the level is named unless info', () => {
    const info = JSON.stringify({
      level: 30,
      time: '2026-11-26T14:02:11.123Z',
      service: 'partners',
      pid: 1,
      hostname: 'h',
      port: 8103,
      adapters: { store: 'sqlite' },
      msg: 'partners service listening',
    });
    expect(prettyLine(info)).toBe(
      '14:02:11 partners  partners service listening port=8103 adapters={"store":"sqlite"}\n',
    );
    const error = JSON.stringify({
      level: 50,
      time: '2026-11-26T14:02:12.000Z',
      service: 'media',
      err: { type: 'Error', message: 'disk full', stack: 'Error: disk full\n    at write (x.ts:1)' },
      msg: 'request failed',
    });
    expect(prettyLine(error)).toBe(
      '14:02:12 media     ERROR request failed: disk full\n    Error: disk full\n        at write (x.ts:1)\n',
    );
  });
});

describe('deliberate 503s in the logs', () => {
  const appWith = (logs: ReturnType<typeof capture>) => {
    const logger = createLogger('gateway', 'info', logs.destination);
    const app = createHttpApp({ logger });
    app.get('/busy', () => {
      throw refuseBusy('overloaded', 'The partners service is busy; please try again shortly', 2);
    });
    app.get('/broken', () => {
      throw new HttpError(503, 'unavailable', 'No service answered');
    });
    return finishHttpApp(app, logger);
  };

  it('When a flood is turned away with 503, then it is logged as one short warning a second, naming how many were not logged, and no error line', async () => {
    const logs = capture();
    const app = appWith(logs);
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const res = await request(app).get('/busy').set('Cookie', 'a=b').set('User-Agent', 'flood');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
    }
    // One line per started second of the flood: a loaded machine may take more than a second for 40 requests.
    const secondsStarted = Math.floor((Date.now() - started) / 1000) + 1;
    const first = logs.parsed();
    expect(first.length).toBeLessThanOrEqual(Math.min(secondsStarted, 39));
    expect(first[0]).toMatchObject({
      level: 40,
      req: { method: 'GET', url: '/busy' },
      res: { statusCode: 503 },
    });
    expect(first[0]!.msg).toMatch(/^GET \/busy 503 \d+ ms overloaded$/);
    expect(logs.lines.join('')).not.toMatch(/headers|flood|"err"/);

    await new Promise((r) => setTimeout(r, 1100));
    await request(app).get('/busy').expect(503);
    const next = logs.parsed().at(-1)!;
    expect(next.level).toBe(40);
    expect(next.msg).toMatch(/^GET \/busy 503 \d+ ms overloaded \(\d+ more since the last line\)$/);
    expect(logs.parsed().every((l) => l.level === 40)).toBe(true);
    expect(logs.lines.every((l) => l.length < 400)).toBe(true);
  });

  it('When a 503 is not a deliberate refusal, then it is still an error', async () => {
    const logs = capture();
    await request(appWith(logs)).get('/broken').expect(503);
    const levels = logs.parsed().map((l) => l.level);
    expect(levels).toContain(50);
  });
});

describe('LogSampler', () => {
  it('When the same key comes again within the interval, then it is skipped and counted; after it, let through with the count', () => {
    let now = 0;
    const sampler = new LogSampler(1000, () => now);
    expect(sampler.take('a')).toBe(0);
    expect(sampler.take('a')).toBeNull();
    expect(sampler.take('b')).toBe(0);
    now = 999;
    expect(sampler.take('a')).toBeNull();
    now = 1000;
    expect(sampler.take('a')).toBe(2);
  });
});
