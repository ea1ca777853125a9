import request from 'supertest';
import { ENDPOINTS } from '@12yards/api/src/openapi';
import { operationId } from '@12yards/api/src/openapi-document';
import { startStack, type Stack } from '../src/testing';

type Link = { operationId: string; parameters: Record<string, string> };

const documented = ENDPOINTS.map((e) => `${e.method.toUpperCase()} ${e.path}`);
/** A documented path with each {param} filled in, as a request would carry it. */
const sample = (path: string) => path.replace(/\{(\w+)\}/g, 'sample-$1');

// The document and the routes are one declaration (packages/api/src/routes): what is checked here is what the
// gateway serves of it, and that its admin operations are closed to a caller without a session.
describe('the OpenAPI document the gateway serves', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ services: [] });
  });
  afterAll(async () => stack.stop());

  it('When an admin operation is called without a session, then the gateway answers the documented 401', async () => {
    const doc = (await request(stack.app).get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const e of ENDPOINTS.filter((x) => x.access !== 'public')) {
      const res = await request(stack.app)[e.method](sample(e.path)).send({});
      expect(`${e.method} ${e.path} ${res.status}`).toBe(`${e.method} ${e.path} 401`);
      expect(doc.paths[e.path]![e.method]!.responses['401']).toBeDefined();
    }
  });

  it('When the document is fetched without a session, then it is OpenAPI 3.1 with every endpoint and the error envelope', async () => {
    const res = await request(stack.app).get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { name: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([p, m]) =>
      Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`),
    );
    expect(ops.sort()).toEqual([...documented].sort());
    expect(doc.paths['/api/admin/faqs']!.post!.responses['400']!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Error' } },
    });
    expect(doc.components.securitySchemes.sessionCookie!.name).toBe('12y_session');
    expect(doc.components.securitySchemes.csrfToken!.name).toBe('X-CSRF-Token');
    // Every reference points at a schema that is there.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(refs.filter((r) => !(r in doc.components.schemas))).toEqual([]);
    // Every link names a documented operation, with the parameters of its path.
    const ids = new Map(ENDPOINTS.map((e) => [operationId(e), e.path]));
    const links = Object.values(doc.paths)
      .flatMap((m) => Object.values(m))
      .flatMap((op) => Object.values(op.responses))
      .flatMap((r) => Object.values((r as { links?: Record<string, Link> }).links ?? {}));
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const path = ids.get(link.operationId);
      expect(path).toBeDefined();
      expect(Object.keys(link.parameters).sort()).toEqual(
        [...path!.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort(),
      );
    }
    expect(
      Object.keys((doc.paths['/api/admin/faqs']!.post!.responses['201'] as { links: object }).links),
    ).toEqual([
      operationId({ method: 'put', path: '/api/admin/faqs/{id}' }),
      operationId({ method: 'delete', path: '/api/admin/faqs/{id}' }),
    ]);
  });

  it('When the readable page is opened, then it lists every operation without any script', async () => {
    const res = await request(stack.app).get('/api/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(res.text).not.toMatch(/<script/i);
    for (const e of ENDPOINTS) expect(res.text).toContain(`<code>${e.path}</code>`);
  });
});
