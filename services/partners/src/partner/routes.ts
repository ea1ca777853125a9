import { Router, type Request, type Response } from 'express';
import {
  adminPartnerInput,
  partnerApplication,
  partnerListQuery,
  updatePartner,
  updatePartnerStatus,
  type PartnerStatus,
} from '@12yards/api';
import {
  entityAccess,
  findPage,
  parse,
  requireAdmin,
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
  const router = Router();
  const rows = partnerRows(infra.readModels);
  const admin = requireAdmin(ctx.env.INTERNAL_SECRET);
  const partners = entityAccess(ctx, {
    rows,
    streamId: partnerStreamId,
    decider: partnerDecider,
    name: 'partner',
  });
  /** The admin's answer: the partner with its version, the version also as ETag. */
  const adminRun = async (
    req: Request,
    res: Response,
    command: PartnerCommand,
    options?: RunCommandOptions,
  ) => adminPartnerView(await partners.writeVersioned(req, res, command, options));

  const changeStatus = async (req: Request, res: Response, status: PartnerStatus) =>
    adminRun(req, res, { type: 'UpdatePartner', id: String(req.params.id), status, at: ctx.clock() });

  // Public: the application form. 201 with the created partner.
  router.post('/api/partners', async (req, res) => {
    const input = parse(partnerApplication, req.body);
    const details: PartnerDetails = toDetails(input);
    const created = await partners.write(
      req,
      { type: 'SubmitApplication', id: newEntityId(req), details, source: 'public', at: ctx.clock() },
      { newStream: true },
    );
    res.status(201).set('Cache-Control', 'no-store').json(partnerView(created));
  });

  // Admin: partners newest first, one page at a time; filters on status and type, `q` searches name/email/club;
  // overdue=true keeps those with an overdue action item, id=... that one partner (the dashboard's links).
  router.get('/api/partners', admin, async (req, res) => {
    const { status, type, q, overdue, id, ...page } = parse(partnerListQuery, req.query);
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
    res.set('Cache-Control', 'no-store').json(list.map(adminPartnerView));
  });

  /**
   * Admin: the admin form's create path (SPEC leaves it open). Only name, email and type are required and the
   * type defaults to club; the club/influencer rules of the public form do not apply. 201 with the partner.
   */
  router.post('/api/admin/partners', admin, async (req, res) => {
    const input = parse(adminPartnerInput, req.body);
    const details: PartnerDetails = toDetails(input);
    const created = await adminRun(
      req,
      res,
      { type: 'SubmitApplication', id: newEntityId(req), details, source: 'admin', at: ctx.clock() },
      { newStream: true },
    );
    res.status(201).set('Cache-Control', 'no-store').json(created);
  });

  router.get('/api/admin/partners/:id', admin, async (req, res) => {
    const row = await partners.findVersioned(res, String(req.params.id));
    res.set('Cache-Control', 'no-store').json(adminPartnerView(row));
  });

  router.put('/api/admin/partners/:id/status', admin, async (req, res) => {
    const { status } = parse(updatePartnerStatus, req.body);
    res.set('Cache-Control', 'no-store').json(await changeStatus(req, res, status));
  });

  // The second variant of the status change; a body with more than {status} also replaces the details.
  router.put('/api/admin/partners/:id', admin, async (req, res) => {
    const body: unknown = req.body;
    const onlyStatus =
      typeof body !== 'object' || body === null || Object.keys(body).every((k) => k === 'status');
    if (onlyStatus) {
      const { status } = parse(updatePartnerStatus, body);
      res.set('Cache-Control', 'no-store').json(await changeStatus(req, res, status));
      return;
    }
    const input = parse(updatePartner, body);
    const { type, ...rest } = toDetails(input);
    const details: EditedDetails = type === null ? rest : { ...rest, type };
    const id = String(req.params.id);
    res.set('Cache-Control', 'no-store').json(
      await adminRun(req, res, {
        type: 'UpdatePartner',
        id,
        status: input.status,
        details,
        at: ctx.clock(),
      }),
    );
  });

  return router;
}
