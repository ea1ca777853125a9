import type { Router } from 'express';
import { gatewayRoutes } from '@12yards/api/src/routes';
import { buildOpenApiDocument } from '@12yards/api/src/openapi-document';
import { contractRoutes } from '@12yards/platform';
import { DOCS_CSP, renderDocsPage } from './openapi-html';

/** GET /api/openapi.json and its readable page /api/docs: public, they document the public contract. */
export function openApiRoutes(options: { cookieName: string }): Router {
  // Both public: the guard of admin routes is never asked for.
  const { router, on } = contractRoutes(() => {
    throw new Error('no admin route here');
  });
  const doc = buildOpenApiDocument({ cookieName: options.cookieName });
  const body = JSON.stringify(doc);
  const page = renderDocsPage(doc);

  // Both answer themselves: the kept text, revalidated (no-cache) as the document changes only with a deploy.
  on(gatewayRoutes.openApiDocument, ({ res }) => {
    res.set('Cache-Control', 'no-cache').type('application/json').send(body);
  });
  on(gatewayRoutes.openApiPage, ({ res }) => {
    res.set({ 'Cache-Control': 'no-cache', 'Content-Security-Policy': DOCS_CSP }).type('html').send(page);
  });
  return router;
}
