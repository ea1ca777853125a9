import type { Request, Router } from 'express';
import { trashEmptied, trashResponse } from '@12yards/api';
import { fanOutRoutes, gatewayRoutes } from '@12yards/api/src/routes';
import { contractRoutes, HttpError, type Logger } from '@12yards/platform';
import { newestTrashedFirst } from '@12yards/workbench';
import { sessionGuard } from './auth/guard';
import type { Targets } from './proxy';
import { callServiceOrUnavailable, metricsRoute, serviceUnavailable } from './service-call';

/** The services that keep a trash (TRASH_ENTITY_TYPES: news, FAQs and gallery items in content; media). */
export const TRASH_SERVICES = ['content', 'media'] as const;

export interface TrashDeps {
  targets: Targets;
  secret: string;
  publicOrigin?: string;
  logger: Logger;
  timeoutMs?: number;
}

/** A service's error answer, passed on as it is (403 for an editor, say); any other failure is 503. */
async function failure(service: string, res: globalThis.Response): Promise<HttpError> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (res.status < 500 && body?.error?.code) {
    return new HttpError(res.status, body.error.code, body.error.message ?? `${service} refused`);
  }
  return serviceUnavailable(service);
}

/**
 * The trash across the services: `GET /api/admin/trash` merges content's and media's items newest first;
 * `DELETE /api/admin/trash` empties both (admin role). The per-item routes are proxied to the owning service by the
 * routing table.
 */
export function trashFanOutRoutes(deps: TrashDeps): Router {
  const { router, on } = contractRoutes(sessionGuard(deps.publicOrigin));
  /** The same call to every service with a trash, as the signed-in admin; each one's answer body, or its error. */
  const fanOut = async (req: Request, method: 'GET' | 'DELETE') =>
    Promise.all(
      TRASH_SERVICES.map(async (service) => {
        const answer = await callServiceOrUnavailable({
          service,
          logger: deps.logger,
          purpose: 'trash',
          target: deps.targets[service],
          secret: deps.secret,
          method,
          path: fanOutRoutes.trashList.path, // trashEmpty's too
          admin: req.admin!,
          requestId: String(req.id),
          timeoutMs: deps.timeoutMs,
        });
        if (!answer.ok) throw await failure(service, answer);
        return answer.json() as Promise<unknown>;
      }),
    );
  const before = [metricsRoute('trash')];

  on(
    gatewayRoutes.trashList,
    async ({ req }) => {
      const lists = (await fanOut(req, 'GET')).map((body) => trashResponse.parse(body));
      return { status: 200, body: lists.flat().sort(newestTrashedFirst) };
    },
    { before },
  );

  on(
    gatewayRoutes.trashEmpty,
    async ({ req }) => {
      const answers = (await fanOut(req, 'DELETE')).map((body) => trashEmptied.parse(body));
      return { status: 200, body: { purged: answers.reduce((n, a) => n + a.purged, 0) } };
    },
    { before },
  );

  return router;
}
