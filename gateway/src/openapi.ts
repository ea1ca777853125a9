import { Router } from 'express';
import { buildOpenApiDocument } from '@12yards/api/src/openapi-document';
import { DOCS_CSP, renderDocsPage } from './openapi-html';

/** GET /api/openapi.json and its readable page /api/docs: public, they document the public contract. */
export function openApiRoutes(options: { cookieName: string }): Router {
  const router = Router();
  const doc = buildOpenApiDocument({ cookieName: options.cookieName });
  const body = JSON.stringify(doc);
  const page = renderDocsPage(doc);

  router.get('/api/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/json').send(body);
  });
  router.get('/api/docs', (_req, res) => {
    res.set({ 'Cache-Control': 'no-cache', 'Content-Security-Policy': DOCS_CSP }).type('html').send(page);
  });
  return router;
}
