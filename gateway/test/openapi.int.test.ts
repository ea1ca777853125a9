import type { Express } from 'express';
import request from 'supertest';
import { ENDPOINTS } from '@12yards/api/src/openapi';
import { operationId } from '@12yards/api/src/openapi-document';
import { contentService } from '@12yards/content/src/definition';
import { contractsService } from '@12yards/contracts/src/definition';
import { mediaService } from '@12yards/media/src/definition';
import { partnersService } from '@12yards/partners/src/definition';
import { statusService } from '@12yards/status/src/definition';
import { isAdminPath, resolveRoute, ROUTES } from '../src/routing';
import { startStack, type Stack } from '../src/testing';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of an Express app as "METHOD /path/{param}" (routers are mounted at the root in this code base). */
function expressRoutes(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all')
              out.push(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
          }
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

type Link = { operationId: string; parameters: Record<string, string> };

const documented = ENDPOINTS.map((e) => `${e.method.toUpperCase()} ${e.path}`);
/** A documented path with each {param} filled in, as a request would carry it. */
const sample = (path: string) => path.replace(/\{(\w+)\}/g, 'sample-$1');

describe('the OpenAPI document matches the routes', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      services: [statusService, contentService, partnersService, contractsService, mediaService],
    });
  });
  afterAll(async () => stack.stop());

  it('When every Express route of the gateway and the services is listed, then each one is documented and each documented one exists', () => {
    const real = new Set([
      ...expressRoutes(stack.app),
      ...Object.values(stack.services).flatMap((s) => expressRoutes(s.app)),
    ]);
    // A service's /metrics is for the scraper on its own port: no gateway route reaches it, so it is not API.
    const internal = ['GET /metrics'];
    expect([...real].filter((r) => !documented.includes(r) && !internal.includes(r)).sort()).toEqual([]);
    expect(documented.filter((d) => !real.has(d)).sort()).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('When the routing table is read, then every entry routes at least one documented path', () => {
    const unrouted = ROUTES.filter((r) => !ENDPOINTS.some((e) => r.match.test(sample(e.path))));
    expect(unrouted.map((r) => String(r.match))).toEqual([]);
  });

  it('When the gateway decides who may call a documented operation, then it agrees with the document', () => {
    const disagreements = ENDPOINTS.flatMap((e) => {
      const route = resolveRoute(e.method.toUpperCase(), sample(e.path));
      // The gateway's own routes (auth, the document, health, the activity feed) are not proxied; under /api/admin the
      // gate asks for a session all the same.
      const requiresAdmin = route?.requiresAdmin ?? isAdminPath(sample(e.path));
      return requiresAdmin === (e.access !== 'public') ? [] : [`${e.method} ${e.path}`];
    });
    expect(disagreements).toEqual([]);
  });

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
