import type { Request, Router } from 'express';
import { contractInput } from '@12yards/api';
import { contractsRoutes as routes } from '@12yards/api/src/routes/contracts';
import {
  contractRoutes as bindRoutes,
  entityAccess,
  findPage,
  Invalid,
  newEntityId,
  NotFound,
  parse,
  runRequestCommand,
  withVersion,
  type ServiceContext,
} from '@12yards/platform';
import { endingContractRoutes } from '../insights/ending';
import { isoDay, type ResolvedOptions } from '../options';
import { partnerLookup } from '../partner-view/lookup';
import { eraseDeletedContract } from '../privacy';
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

type ContractFields = ReturnType<typeof contractInput.parse>;

export function contractRoutes(ctx: ServiceContext<'objects'>, options: ResolvedOptions): Router {
  const { infra } = ctx;
  const contracted = bindRoutes(ctx.env.INTERNAL_SECRET);
  const { on } = contracted;
  const rows = contractRows(infra.readModels);
  const lookupPartner = awaitPartner(ctx, options);
  const contracts = entityAccess(ctx, { rows, streamId, decider: contractDecider, name: 'contract' });
  // Before /api/admin/contracts/:id: 'ending' is not a contract id.
  endingContractRoutes(ctx, contracted);

  /** Creates the contract and answers it, its version as the response's ETag. */
  async function create(req: Request, fields: ContractFields, templateId: string | null) {
    const partner = await lookupPartner(fields.partnerId);
    const id = newEntityId(req);
    // The row as its projection sent it: no read after the write.
    const row = await contracts.write(
      req,
      { type: 'CreateContract', id, fields, partnerKnown: partner !== null, templateId, at: ctx.clock() },
      { newStream: true, ifVersion: undefined }, // a new contract: no If-Match
    );
    return { status: 201 as const, body: adminContractView(row), version: row.version };
  }

  on(routes.partnerContracts, async ({ params, query: page, req, res }) => {
    const partnerId = params.id;
    const list = await findPage(rows, req, res, {
      where: { partnerId },
      sort: [{ field: 'createdAt', dir: 'asc' }],
      page,
    });
    if (list.length === 0 && !(await lookupPartner(partnerId))) {
      throw new NotFound(`No partner with id ${partnerId}`);
    }
    return { status: 200, body: list.map(adminContractView) };
  });

  on(routes.contractCreate, ({ body, req }) => create(req, body, null));

  on(routes.contractGenerate, async ({ body: { partnerId, ...given }, req }) => {
    const partner = await lookupPartner(partnerId);
    if (!partner) throw new NotFound(`No partner with id ${partnerId}`);
    const today = isoDay(ctx.clock());
    const { candidate, missing } = prefillContract(partner, given, today);
    if (missing.length > 0) {
      throw new Invalid(
        `Missing contract details: ${missing.map((f) => FIELD_LABELS[f]).join(', ')}`,
        missing.map((f) => ({ path: f, message: `${FIELD_LABELS[f]} is required`, code: 'missing' })),
        { code: 'missing_fields' },
      );
    }
    const fields = parse(contractInput, candidate);
    const template = await latestValidDocxTemplate(infra.readModels, today);
    return create(req, fields, template?.id ?? null);
  });

  on(routes.contractGet, async ({ params, next }) => {
    if (params.id === 'jobs') return next();
    const row = await contracts.find(params.id);
    return { status: 200, body: adminContractView(row), version: row.version };
  });

  on(routes.contractUpdate, async ({ params, body: fields, req }) => {
    const row = await contracts.write(req, {
      type: 'UpdateContract',
      id: params.id,
      fields,
      at: ctx.clock(),
    });
    return { status: 200, body: adminContractView(row), version: row.version };
  });

  // Deleting is for role admin only (an editor gets 403), as for templates; the partners service releases the
  // partner's lock on ContractDeleted. The client's personal data and the documents go with the contract.
  on(routes.contractDelete, async ({ params: { id }, req }) => {
    await runRequestCommand(ctx, req, streamId(id), contractDecider, {
      type: 'DeleteContract',
      id,
      at: ctx.clock(),
    });
    await eraseDeletedContract(ctx, id);
    return { status: 204 };
  });

  return contracted.router;
}
