import request from 'supertest';
import { createHttpApp, finishHttpApp } from '../../src/http/app';
import { ifMatchVersions, setVersionEtag } from '../../src/http/preconditions';
import { createLogger } from '../../src/observability/logging';

const given = (value?: string) =>
  ifMatchVersions({ headers: value === undefined ? {} : { 'if-match': value } });

describe('If-Match preconditions', () => {
  it('When If-Match is absent, empty or *, then there is no precondition', () => {
    expect(given()).toBeUndefined();
    expect(given('')).toBeUndefined();
    expect(given('*')).toBeUndefined();
  });

  it('When If-Match names version ETags, then those versions; a weak or foreign tag names none', () => {
    expect(given('"3"')).toEqual([3]);
    expect(given('"3", "4"')).toEqual([3, 4]);
    expect(given('W/"3"')).toEqual([]);
    expect(given('"abc"')).toEqual([]);
  });

  it('When an admin answer carries a version ETag, then it survives the no-store rule; a weak one does not', async () => {
    const logger = createLogger('t', 'silent');
    const app = createHttpApp({ logger });
    app.get('/api/admin/thing', (_req, res) => {
      setVersionEtag(res, 7);
      res.json({ version: 7 });
    });
    app.get('/api/admin/list', (_req, res) => {
      res.json([{ a: 1 }]); // Express adds a weak ETag
    });
    finishHttpApp(app, logger);
    const one = await request(app).get('/api/admin/thing').expect(200);
    expect(one.headers.etag).toBe('"7"');
    expect(one.headers['cache-control']).toBe('no-store');
    const list = await request(app).get('/api/admin/list').expect(200);
    expect(list.headers.etag).toBeUndefined();
  });
});
