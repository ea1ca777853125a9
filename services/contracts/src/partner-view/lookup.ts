import { randomUUID } from 'node:crypto';
import { partner as partnerSchema } from '@12yards/api';
import { callService, Unavailable, type ServiceContext } from '@12yards/platform';
import type { PartnerSnapshot } from './events';
import { findPartner } from './projection';

/** Who this service is when it asks the partners service (signed like the gateway signs an admin's request). */
export const LOOKUP_IDENTITY = { username: 'contracts-service', role: 'admin' } as const;

export interface PartnerLookupOptions {
  /** The partners service's base URL (its internal address), or a function giving it; unset: not asked. */
  partnersUrl?: string | (() => string | undefined);
  /** How long to wait for the view when the partners service cannot answer (or is not configured). */
  waitMs: number;
  /** How long the partners service may take to answer. Default 5 s. */
  askTimeoutMs?: number;
}

type Answer = { found: PartnerSnapshot } | { missing: true } | { unanswered: string };

/** Seconds a caller is told to wait before retrying when the partners service could not be asked. */
export const PARTNERS_RETRY_AFTER_S = 3;

/**
 * The answer when the partners service cannot be asked and this service's view has not heard of the partner: the
 * partner may well exist (created a moment ago, its event not here yet), so not a 404 but a retryable 503.
 */
export function partnersUnreachable(id: string): Unavailable {
  return new Unavailable(
    `The partners service cannot be reached right now to confirm partner ${id}; nothing was changed. Try again in a moment.`,
    { dependency: 'partners service' },
    PARTNERS_RETRY_AFTER_S,
  );
}

/** Asks the partners service for one partner over its admin GET, with a signed service identity (callService). */
async function askPartners(ctx: ServiceContext, base: string, id: string, waitMs: number): Promise<Answer> {
  try {
    const res = await callService({
      target: base,
      secret: ctx.env.INTERNAL_SECRET,
      method: 'GET',
      path: `/api/admin/partners/${encodeURIComponent(id)}`,
      admin: LOOKUP_IDENTITY,
      requestId: randomUUID(),
      timeoutMs: waitMs,
    });
    if (res.status === 404) return { missing: true };
    if (!res.ok) return { unanswered: `partners answered ${res.status}` };
    const parsed = partnerSchema.safeParse(await res.json());
    if (!parsed.success) return { unanswered: 'partners answered an unexpected body' };
    const { id: pid, name, email, type, organization, position, knownAs, status } = parsed.data;
    const snapshot: PartnerSnapshot = {
      id: pid,
      name,
      email,
      type,
      organization,
      position,
      knownAs,
      status,
    };
    return { found: snapshot };
  } catch (err) {
    return { unanswered: String((err as Error).message ?? err) };
  }
}

/**
 * The partner a command is about. This service's view (kept from the partners topic) answers at once when it knows
 * the partner. A partner created a moment ago may not have reached it yet, so then the owning service is asked
 * directly (read-your-write: partners answers from its own read model, written before it acknowledged the
 * application). Only when partners cannot answer does the lookup wait, bounded, for the view to catch up; if the
 * view still has not heard of it, it throws a 503 (partnersUnreachable), never a 404 for a partner that may exist.
 * Returns null when the partner does not exist: partners answered 404, or (no partners URL) the view lacks it.
 */
export function partnerLookup(ctx: ServiceContext, options: PartnerLookupOptions) {
  const models = ctx.infra.readModels;
  return async (id: string): Promise<PartnerSnapshot | null> => {
    const known = await findPartner(models, id);
    if (known) return known;
    const base = typeof options.partnersUrl === 'function' ? options.partnersUrl() : options.partnersUrl;
    if (base) {
      const answer = await askPartners(ctx, base, id, options.askTimeoutMs ?? 5_000);
      if ('found' in answer) return answer.found;
      if ('missing' in answer) return null;
      ctx.logger.warn(
        { partnerId: id, reason: answer.unanswered },
        'partner lookup: partners service did not answer; waiting for the view',
      );
    }
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const partner = await findPartner(models, id);
      if (partner) return partner;
      if (Date.now() >= deadline) {
        if (base) throw partnersUnreachable(id);
        return null;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}
