import express, { Router, type Request } from 'express';
import {
  privacyErasureRequest,
  privacyExportQuery,
  recordsSummary,
  serviceErasure,
  serviceExport,
  type ServiceErasure,
} from '@12yards/api';
import { fanOutRoutes } from '@12yards/api/src/routes';
import { emailHash, forbidden, parse, setMetricsRoute, type Logger } from '@12yards/platform';
import { requireSession } from './auth/guard';
import type { Targets } from './proxy';
import { callServiceOrUnavailable, serviceUnavailable } from './service-call';

/** The services that hold personal data (applicants, senders of messages, contract clients). */
export const PRIVACY_SERVICES = ['partners', 'contracts'] as const;
type PrivacyService = (typeof PRIVACY_SERVICES)[number];

export interface PrivacyDeps {
  targets: Targets;
  secret: string;
  publicOrigin?: string;
  logger: Logger;
  timeoutMs?: number;
  clock?: () => Date;
}

/** "1 application, 2 messages and 1 contract" */
export const erasedSummary = (services: ServiceErasure[]): string =>
  recordsSummary(services.flatMap((s) => s.erased));

/**
 * `POST /api/admin/privacy/erasure` (admin role): erases one person in every service that holds personal data, one
 * service after the other, and answers what each erased. A service that does not answer stops it with 503; asking
 * again finishes the job (what was erased is not found again).
 * `GET /api/admin/privacy/export?email=` (admin role): what every service holds about the person, as one document;
 * 503 naming a service that did not answer.
 */
export function privacyRoutes(deps: PrivacyDeps): Router {
  const router = Router();

  /** The signed-in admin (the admin role), for a privacy route. */
  const adminOf = (req: Request) => {
    const session = requireSession(req, deps.publicOrigin);
    if (session.role !== 'admin') throw forbidden('This action needs the admin role');
    return { username: session.username, role: session.role };
  };
  /** One service's answer body to the same route, as the admin; 503 naming it when it does not answer. */
  const ask = async (
    req: Request,
    admin: ReturnType<typeof adminOf>,
    service: PrivacyService,
    call: { method: 'GET' | 'POST'; path: string; body?: unknown },
  ): Promise<unknown> => {
    const answer = await callServiceOrUnavailable({
      service,
      logger: deps.logger,
      purpose: `privacy ${call.method} ${call.path.split('?')[0]}`,
      target: deps.targets[service],
      secret: deps.secret,
      admin,
      requestId: String(req.id),
      timeoutMs: deps.timeoutMs,
      ...call,
    });
    if (!answer.ok) throw serviceUnavailable(service);
    return answer.json();
  };

  router.post('/api/admin/privacy/erasure', express.json({ limit: '4kb' }), async (req, res) => {
    const admin = adminOf(req);
    setMetricsRoute(res, 'privacy-erasure');
    const { email } = parse(privacyErasureRequest, req.body);
    const services: ServiceErasure[] = [];
    for (const service of PRIVACY_SERVICES) {
      const body = { email };
      const answer = await ask(req, admin, service, {
        method: 'POST',
        path: fanOutRoutes.privacyErasure.path,
        body,
      });
      services.push(serviceErasure.parse(answer));
    }
    const nothingLeft = services.every((s) => s.erased.length === 0);
    res.set('Cache-Control', 'no-store').json({
      emailHash: emailHash(email, deps.secret),
      services,
      nothingLeft,
      message: nothingLeft
        ? 'Nothing is left to erase for this email address'
        : `Erased personal data: ${erasedSummary(services)}`,
    });
  });

  router.get('/api/admin/privacy/export', async (req, res) => {
    const admin = adminOf(req);
    setMetricsRoute(res, 'privacy-export');
    const { email } = parse(privacyExportQuery, req.query);
    const path = `${fanOutRoutes.privacyExport.path}?${new URLSearchParams({ email })}`;
    const services = await Promise.all(
      PRIVACY_SERVICES.map(async (service) =>
        serviceExport.parse(await ask(req, admin, service, { method: 'GET', path })),
      ),
    );
    const records = services.flatMap((s) => s.records);
    res.set('Cache-Control', 'no-store').json({
      email,
      exportedAt: (deps.clock?.() ?? new Date()).toISOString(),
      nothingHeld: records.length === 0,
      summary: records.length ? recordsSummary(records) : 'Nothing is held about this email address',
      services,
    });
  });
  return router;
}
