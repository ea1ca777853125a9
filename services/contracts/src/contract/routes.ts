import { Router, type Request, type Response } from 'express';
import { contractInput, contractUpdate, generateContractRequest, pageQuery } from '@12yards/api';
import {
  entityAccess,
  findPage,
  HttpError,
  notFound,
  parse,
  requestMeta,
  requireAdmin,
  runCommand,
  runRequestCommand,
  withVersion,
  type ServiceContext,
  newEntityId,
} from '@12yards/platform';
import { endingContractRoutes } from '../insights/ending';
import { isoDay, type ResolvedOptions } from '../options';
import { partnerLookup } from '../partner-view/lookup';
import { latestValidDocxTemplate } from '../template/projection';
import { contractDecider } from './decide';
import { streamId } from './events';
import { FIELD_LABELS, prefillContract } from './prefill';
import { contractRows, contractView } from './projection';

/**
 * The partner as this service knows it, or as the partners service says when the view has not heard of it yet
 * (see partnerLookup).
 */
export const awaitPartner = (ctx: ServiceContext, options: ResolvedOptions) =>
  partnerLookup(ctx, { partnersUrl: options.partnersUrl, waitMs: options.partnerWaitMs });

const adminContractView = withVersion(contractView);

export function contractRoutes(ctx: ServiceContext, options: ResolvedOptions): Router {
  const { infra } = ctx;
  const router = Router();
  const rows = contractRows(infra.readModels);
  const admin = requireAdmin(ctx.env.INTERNAL_SECRET);
  const lookupPartner = awaitPartner(ctx, options);
  const contracts = entityAccess(ctx, { rows, streamId, decider: contractDecider, name: 'contract' });
  // Before /api/admin/contracts/:id: 'ending' is not a contract id.
  router.use(endingContractRoutes(ctx));

  /** Creates the contract and reads it back, its version as the response's ETag. */
  async function create(
    req: Request,
    res: Response,
    fields: ReturnType<typeof contractInput.parse>,
    templateId: string | null,
  ) {
    const partner = await lookupPartner(fields.partnerId);
    const id = newEntityId(req);
    await runCommand(
      ctx,
      streamId(id),
      contractDecider,
      { type: 'CreateContract', id, fields, partnerKnown: partner !== null, templateId, at: ctx.clock() },
      { meta: requestMeta(req), newStream: true }, // a new contract: no If-Match
    );
    return contracts.findVersioned(res, id);
  }

  router.get('/api/admin/partners/:id/contracts', admin, async (req, res) => {
    const partnerId = String(req.params.id);
    const page = parse(pageQuery, req.query);
    const list = await findPage(rows, req, res, {
      where: { partnerId },
      sort: [{ field: 'createdAt', dir: 'asc' }],
      page,
    });
    if (list.length === 0 && !(await lookupPartner(partnerId))) {
      throw notFound(`No partner with id ${partnerId}`);
    }
    res.set('Cache-Control', 'no-store').json(list.map(adminContractView));
  });

  router.post('/api/admin/contracts', admin, async (req, res) => {
    const fields = parse(contractInput, req.body);
    const row = await create(req, res, fields, null);
    res.status(201).set('Cache-Control', 'no-store').json(adminContractView(row));
  });

  router.post('/api/admin/contracts/generate', admin, async (req, res) => {
    const { partnerId, ...given } = parse(generateContractRequest, req.body);
    const partner = await lookupPartner(partnerId);
    if (!partner) throw notFound(`No partner with id ${partnerId}`);
    const today = isoDay(ctx.clock());
    const { candidate, missing } = prefillContract(partner, given, today);
    if (missing.length > 0) {
      throw new HttpError(
        400,
        'missing_fields',
        `Missing contract details: ${missing.map((f) => FIELD_LABELS[f]).join(', ')}`,
        missing.map((f) => ({ path: f, message: `${FIELD_LABELS[f]} is required`, code: 'missing' })),
      );
    }
    const fields = parse(contractInput, candidate);
    const template = await latestValidDocxTemplate(infra.readModels, today);
    const row = await create(req, res, fields, template?.id ?? null);
    res.status(201).set('Cache-Control', 'no-store').json(adminContractView(row));
  });

  router.get('/api/admin/contracts/:id', admin, async (req, res, next) => {
    if (req.params.id === 'jobs') return next();
    const row = await contracts.findVersioned(res, String(req.params.id));
    res.set('Cache-Control', 'no-store').json(adminContractView(row));
  });

  router.put(
    '/api/admin/contracts/:id',
    admin,
    contracts.editHandler(
      contractUpdate,
      (fields, id, at) => ({ type: 'UpdateContract', id, fields, at }),
      adminContractView,
    ),
  );

  // Deleting is for role admin only (an editor gets 403), as for templates; the partners service releases the
  // partner's lock on ContractDeleted.
  router.delete(
    '/api/admin/contracts/:id',
    requireAdmin(ctx.env.INTERNAL_SECRET, 'admin'),
    async (req, res) => {
      const id = String(req.params.id);
      await runRequestCommand(ctx, req, streamId(id), contractDecider, {
        type: 'DeleteContract',
        id,
        at: ctx.clock(),
      });
      res.status(204).end();
    },
  );

  return router;
}
