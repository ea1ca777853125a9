import express, { Router } from 'express';
import { privacyErasureRequest, serviceErasure, type ServiceErasure } from '@12yards/api';
import { emailHash, forbidden, parse, setMetricsRoute, type Logger } from '@12yards/platform';
import { requireSession } from './auth/guard';
import type { Targets } from './proxy';
import { callService, serviceUnavailable } from './service-call';

/** The services that hold personal data (applicants, senders of messages, contract clients). */
export const PRIVACY_SERVICES = ['partners', 'contracts'] as const;

export interface PrivacyDeps {
  targets: Targets;
  secret: string;
  publicOrigin?: string;
  logger: Logger;
  timeoutMs?: number;
}

const KIND_WORDS: Record<string, [string, string]> = {
  application: ['application', 'applications'],
  action: ['action item', 'action items'],
  'contact-message': ['message', 'messages'],
  'partner-record': ['partner record', 'partner records'],
  contract: ['contract', 'contracts'],
  document: ['document', 'documents'],
};

/** "1 application, 2 messages and 1 contract" */
export function erasedSummary(services: ServiceErasure[]): string {
  const counts = new Map<string, number>();
  for (const { erased } of services)
    for (const { kind } of erased) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, n]) => {
    const [one, many] = KIND_WORDS[kind] ?? [kind, `${kind}s`];
    return `${n} ${n === 1 ? one : many}`;
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * `POST /api/admin/privacy/erasure` (admin role): erases one person in every service that holds personal data, one
 * service after the other, and answers what each erased. A service that does not answer stops it with 503; asking
 * again finishes the job (what was erased is not found again).
 */
export function privacyRoutes(deps: PrivacyDeps): Router {
  const router = Router();
  router.post('/api/admin/privacy/erasure', express.json({ limit: '4kb' }), async (req, res) => {
    const session = requireSession(req, deps.publicOrigin);
    if (session.role !== 'admin') throw forbidden('This action needs the admin role');
    setMetricsRoute(res, 'privacy-erasure');
    const { email } = parse(privacyErasureRequest, req.body);
    const services: ServiceErasure[] = [];
    for (const service of PRIVACY_SERVICES) {
      let answer: globalThis.Response;
      try {
        answer = await callService({
          target: deps.targets[service],
          secret: deps.secret,
          method: 'POST',
          path: '/api/admin/privacy/erasure',
          admin: { username: session.username, role: session.role },
          requestId: String(req.id),
          timeoutMs: deps.timeoutMs,
          body: { email },
        });
      } catch (err) {
        deps.logger.warn({ err, service }, 'privacy erasure: a service did not answer');
        throw serviceUnavailable(service);
      }
      if (!answer.ok) throw serviceUnavailable(service);
      services.push(serviceErasure.parse(await answer.json()));
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
  return router;
}
