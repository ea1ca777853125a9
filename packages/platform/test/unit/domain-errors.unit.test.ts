import request from 'supertest';
import { createHttpApp, finishHttpApp } from '../../src/http/app';
import { toHttpError } from '../../src/http/app';
import {
  Conflict,
  Invalid,
  JobFailed,
  NotFound,
  NotReady,
  NotYetReadable,
  RangeNotSatisfiable,
  StaleVersion,
  TooLarge,
  Unavailable,
  UnsupportedMediaType,
  Unprocessable,
} from '../../src/es/errors';
import { createLogger } from '../../src/observability/logging';

/** An app whose routes throw each domain error, as a decider would inside a route. */
function app() {
  const logger = createLogger('t', 'silent');
  const a = createHttpApp({ logger });
  a.get('/not-found', () => {
    throw new NotFound('No news article with id n1');
  });
  a.get('/conflict', () => {
    throw new Conflict('A contract with id c1 already exists', { id: 'c1' });
  });
  a.get('/invalid', () => {
    throw new Invalid('A contract cannot be moved to another partner', [
      { path: 'partnerId', message: 'must stay p1' },
    ]);
  });
  a.get('/stale', () => {
    throw new StaleVersion('news-n1', [2], 3);
  });
  a.get('/range', () => {
    throw new RangeNotSatisfiable(1234);
  });
  a.get('/unavailable', () => {
    throw new Unavailable('Partners cannot be asked', { dependency: 'partners service' }, 3);
  });
  a.get('/not-yet-readable', () => {
    throw new NotYetReadable('partner-p1', new Error('read models unreachable'));
  });
  return finishHttpApp(a, logger);
}

describe('domain errors at the HTTP edge', () => {
  it('When a write was saved but cannot be read back yet, then the answer is 503 saved_not_readable with Retry-After', async () => {
    const res = await request(app()).get('/not-yet-readable').expect(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body.error).toMatchObject({
      code: 'saved_not_readable',
      message: 'Your change was saved, but it cannot be shown yet. Reload in a moment.',
    });
  });

  it('When a decider throws NotFound, then the answer is 404 not_found with its message', async () => {
    const res = await request(app()).get('/not-found').expect(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No news article with id n1' } });
  });

  it('When a decider throws Conflict, then the answer is 409 conflict with its details', async () => {
    const res = await request(app()).get('/conflict').expect(409);
    expect(res.body).toEqual({
      error: { code: 'conflict', message: 'A contract with id c1 already exists', details: { id: 'c1' } },
    });
  });

  it('When a decider throws Invalid, then the answer is 400 bad_request with its details', async () => {
    const res = await request(app()).get('/invalid').expect(400);
    expect(res.body).toEqual({
      error: {
        code: 'bad_request',
        message: 'A contract cannot be moved to another partner',
        details: [{ path: 'partnerId', message: 'must stay p1' }],
      },
    });
  });

  it('When a write names a stale version, then the answer is 412 precondition_failed with the reload message', async () => {
    const res = await request(app()).get('/stale').expect(412);
    expect(res.body).toEqual({
      error: {
        code: 'precondition_failed',
        message: 'This item was changed by someone else. Reload to see the latest version.',
      },
    });
  });

  it('When a domain error is mapped directly, then its status and code follow its kind', () => {
    expect(toHttpError(new NotFound('x'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(toHttpError(new Conflict('x'))).toMatchObject({ status: 409, code: 'conflict' });
    expect(toHttpError(new Invalid('x'))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(toHttpError(new StaleVersion('s', [1], 2))).toMatchObject({ status: 412 });
  });

  it('When a service refuses what it was sent, then each kind has its status and its code, its own code first', () => {
    const cases: [Error, number, string][] = [
      [new TooLarge('x'), 413, 'payload_too_large'],
      [new TooLarge('x', { max: 1 }, { code: 'template_too_large' }), 413, 'template_too_large'],
      [new UnsupportedMediaType('x'), 415, 'unsupported_media_type'],
      [
        new UnsupportedMediaType('x', undefined, { code: 'unsupported_file_type' }),
        415,
        'unsupported_file_type',
      ],
      [new Unprocessable('x'), 422, 'unprocessable'],
      [new Unprocessable('x', undefined, { code: 'image_too_large' }), 422, 'image_too_large'],
      [new Invalid('x', undefined, { code: 'bad_upload' }), 400, 'bad_upload'],
      [new NotReady('x'), 409, 'not_ready'],
      [new JobFailed('x', { attempts: 3 }), 500, 'job_failed'],
    ];
    for (const [err, status, code] of cases) {
      expect(toHttpError(err)).toMatchObject({ status, code, message: 'x' });
    }
    expect(toHttpError(new JobFailed('x', { attempts: 3 })).details).toEqual({ attempts: 3 });
  });

  it('When a range lies outside the file, then 416 range_not_satisfiable with the Content-Range of its size', async () => {
    const res = await request(app()).get('/range').expect(416);
    expect(res.headers['content-range']).toBe('bytes */1234');
    expect(res.body).toEqual({
      error: { code: 'range_not_satisfiable', message: 'The file has 1234 bytes' },
    });
  });

  it('When another service cannot be asked, then 503 dependency_unavailable with its Retry-After', async () => {
    const res = await request(app()).get('/unavailable').expect(503);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.body).toEqual({
      error: {
        code: 'dependency_unavailable',
        message: 'Partners cannot be asked',
        details: { dependency: 'partners service' },
      },
    });
  });
});
