import type { Request, Router } from 'express';
import { updatePartner, updatePartnerStatus, type PartnerStatus } from '@12yards/api';
import { partnersRoutes as routes } from '@12yards/api/src/routes/partners';
import {
  contractRoutes,
  entityAccess,
  findPage,
  parse,
  withVersion,
  type RunCommandOptions,
  type ServiceContext,
  newEntityId,
} from '@12yards/platform';
import { overduePartnerIds } from '../action/overdue';
import { partnerDecider, type EditedDetails, type PartnerCommand } from './decide';
import { detailKeys, partnerStreamId, type PartnerDetails } from './events';
import { PARTNER_ORDER, partnerRows, partnerView } from './projection';

type DetailKey = (typeof detailKeys)[number];
/** A detail the form may leave out is null in the events; one it requires keeps its type. */
type AsDetails<T extends Partial<Record<DetailKey, unknown>>> = {
  [K in DetailKey]: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K];
};

/** The parsed form as the events carry it: every detail present, absent ones null. */
function toDetails<T extends Partial<Record<DetailKey, unknown>>>(input: T): AsDetails<T> {
  return Object.fromEntries(detailKeys.map((k) => [k, input[k] ?? null])) as AsDetails<T>;
}

const adminPartnerView = withVersion(partnerView);

export function partnerRoutes(ctx: ServiceContext): Router {
  const { infra } = ctx;
  const { router, on } = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = partnerRows(infra.readModels);
  const partners = entityAccess(ctx, {
    rows,
    streamId: partnerStreamId,
    decider: partnerDecider,
    name: 'partner',
  });
  /** The admin's answer: the partner with its version, the version also as ETag. */
  const adminRun = async (req: Request, command: PartnerCommand, options?: RunCommandOptions) => {
    const row = await partners.write(req, command, options);
    return { body: adminPartnerView(row), version: row.version };
  };

  const changeStatus = (req: Request, id: string, status: PartnerStatus) =>
    adminRun(req, { type: 'UpdatePartner', id, status, at: ctx.clock() });

  // Public: the application form. 201 with the created partner.
  on(routes.apply, async ({ body, req }) => {
    const details: PartnerDetails = toDetails(body);
    const created = await partners.write(
      req,
      { type: 'SubmitApplication', id: newEntityId(req), details, source: 'public', at: ctx.clock() },
      { newStream: true },
    );
    return { status: 201, body: partnerView(created) };
  });

  // Admin: partners newest first, one page at a time; filters on status and type, `q` searches name/email/club;
  // overdue=true keeps those with an overdue action item, id=... that one partner (the dashboard's links).
  on(routes.partnerList, async ({ query, req, res }) => {
    const { status, type, q, overdue, id, ...page } = query;
    const overdueIds = overdue ? await overduePartnerIds(infra.readModels, ctx.clock()) : null;
    const ids = overdueIds && id ? overdueIds.filter((o) => o === id) : overdueIds;
    const list = await findPage(rows, req, res, {
      where: {
        ...(status && { status }),
        ...(type && { type }),
        ...(ids ? { id: { $in: ids } } : id && { id }),
      },
      sort: [...PARTNER_ORDER],
      ...(q && { search: { fields: ['name', 'email', 'organization'], text: q } }),
      page,
    });
    return { status: 200, body: list.map(adminPartnerView) };
  });

  /**
   * Admin: the admin form's create path (SPEC leaves it open). Only name, email and type are required and the
   * type defaults to club; the club/influencer rules of the public form do not apply. 201 with the partner.
   */
  on(routes.partnerCreate, async ({ body, req }) => {
    const details: PartnerDetails = toDetails(body);
    const created = await adminRun(
      req,
      { type: 'SubmitApplication', id: newEntityId(req), details, source: 'admin', at: ctx.clock() },
      { newStream: true },
    );
    return { status: 201, ...created };
  });

  on(routes.partnerGet, async ({ params }) => {
    const row = await partners.find(params.id);
    return { status: 200, body: adminPartnerView(row), version: row.version };
  });

  on(routes.partnerStatus, async ({ params, body, req }) => ({
    status: 200,
    ...(await changeStatus(req, params.id, body.status)),
  }));

  // The second variant of the status change; a body with more than {status} also replaces the details. The body's
  // shape picks its schema, so a 400 names the problems of that one.
  const onlyStatus = (body: unknown) =>
    typeof body !== 'object' || body === null || Object.keys(body).every((k) => k === 'status');
  on(
    routes.partnerUpdate,
    async ({ params, body, req }) => {
      if (!('name' in body)) return { status: 200, ...(await changeStatus(req, params.id, body.status)) };
      const { type, ...rest } = toDetails(body);
      const details: EditedDetails = type === null ? rest : { ...rest, type };
      const command = { type: 'UpdatePartner', id: params.id, status: body.status, details, at: ctx.clock() };
      return { status: 200, ...(await adminRun(req, command as PartnerCommand)) };
    },
    {
      body: (raw) => (onlyStatus(raw) ? parse(updatePartnerStatus, raw) : parse(updatePartner, raw)),
    },
  );

  return router;
}
